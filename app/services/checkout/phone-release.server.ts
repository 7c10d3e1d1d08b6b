// Issue 46 part 5: a phone booking not paid in time. The release job (every 10 minutes on the primary,
// ops/startup, with the plans' holds) first reads back a payment that may have gone through without its
// return page (then the pickup is booked), then gives the place back, marks the booking "released" and tells
// the resident (e-mail, and text to a verified number), each in its own transaction, only if still held;
// the open payment is then cancelled at the provider so the link can no longer pay it (one paid in between
// is refunded in full by completePhoneBooking).
import { and, eq, lte } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { releasePlace } from "~/services/booking/book.server";
import { paymentProvider, type PaymentProvider } from "~/services/payments/provider.server";
import type { HostedCheckout } from "~/services/payments/provider-types";
import { moveHeld } from "./phone-booking.server";
import { queuePhoneReleased } from "./phone-messages.server";
import { completePhoneBooking } from "./phone-pay.server";
import { now } from "~/lib/clock";

const pb = schema.phoneBookings;

/** Every held phone booking whose hold ran out at `at`, released; the number released. */
export async function releaseExpiredPhoneHolds(at = now(), provider: PaymentProvider = paymentProvider()) {
  const expired = db
    .select()
    .from(pb)
    .where(and(eq(pb.status, "held"), lte(pb.holdExpiresAt, at)))
    .all();
  let released = 0;
  for (const booking of expired) {
    if (booking.providerPaymentId) {
      const paid = await completePhoneBooking(booking, { provider }).catch((error: unknown) => {
        console.error(`[book-for] the payment of phone booking ${booking.id} could not be read back`, error);
        return null;
      });
      if (!paid || paid.state === "booked") continue;
    }
    const done = db.transaction((tx) => {
      const fresh = tx.select().from(pb).where(eq(pb.id, booking.id)).get();
      if (fresh?.status !== "held" || !moveHeld(tx, fresh, { status: "released" }, at)) return false;
      releasePlace(tx, fresh.slotId);
      const user = tx.select().from(schema.users).where(eq(schema.users.id, fresh.userId)).get();
      const slot = tx.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, fresh.slotId)).get()!;
      if (user && user.deletedAt === null) queuePhoneReleased(tx, user, slot);
      return true;
    });
    if (!done) continue;
    released += 1;
    const open = booking.providerPaymentId;
    if (!open) continue;
    const hosted = provider as PaymentProvider & Partial<HostedCheckout>;
    const cancel = open.startsWith("cs_") ? hosted.expireSession?.(open) : provider.cancelIntent(open);
    await Promise.resolve(cancel).catch((error: unknown) =>
      console.error(`[book-for] the released booking's payment ${open} could not be cancelled`, error),
    );
  }
  return released;
}
