// A closed date is the service's fault (issue 36), on a real SQLite file: a pickup on a date an admin
// closed shows "We had to cancel this date: choose another" (My Orders, its order, the home page's list,
// the bell), moves to another date inside the 12 hours before its window, and cancels with the whole
// total refunded, no fee. A pickup on an open date keeps the 12-hour rule and the fee.
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { createAdmin } from "~/services/accounts/accounts.server";
import { closeDate } from "~/services/admin/supply.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { cancelPickup, modifyPickup } from "~/services/pickups/changes.server";
import { notificationsFor } from "~/services/pickups/notifications.server";
import { findPickup, homePickups, listPickups, pickupsOnClosedDates } from "~/services/pickups/pickups.server";
import { db, schema } from "~/services/platform/db.server";
import type { User } from "../../db/schema";
import { CARD, resident, slot } from "./fixtures";

const HOUR = 3_600_000;
let admin: User;
const paymentOf = (id: number) => db.select().from(schema.payments).where(eq(schema.payments.id, id)).get()!;

beforeAll(async () => {
  admin = await createAdmin("closer@recircle-admin.ca", "ops-admin-pass-12");
});
afterEach(() => setNow(null));

describe("a pickup on a closed date", () => {
  it("shows the closed-date state everywhere, moves inside 12 hours and cancels with a full refund", async () => {
    const closing = slot({ daysAhead: 4 });
    const other = slot({ daysAhead: 9 });
    const mover = await resident();
    const canceller = await resident();
    const moved = await payWithSimulatedCard(mover, { bags: 2, slotId: closing.id }, CARD);
    const cancelled = await payWithSimulatedCard(canceller, { bags: 4, slotId: closing.id }, CARD);
    await closeDate(admin, closing.date);

    // Six hours before the window: past the 12-hour cutoff.
    setNow(closing.startsAt - 6 * HOUR);
    const order = findPickup(mover.id, moved.confirmationNumber)!;
    expect(order).toMatchObject({ displayStatus: "dateClosed", dateClosed: true });
    expect(order.changes).toMatchObject({ visible: true, allowed: true, refundIfCancelledCents: moved.totalCents });
    expect(listPickups(mover.id).find((o) => o.id === moved.id)!.displayStatus).toBe("dateClosed");
    expect(pickupsOnClosedDates(mover.id)).toEqual([
      { confirmationNumber: moved.confirmationNumber, date: closing.date },
    ]);
    const bell = notificationsFor(mover.id);
    expect(bell.map((n) => n.id)).toContain(`date-closed-${moved.id}`);
    expect(bell.find((n) => n.id === `date-closed-${moved.id}`)!.title).toBe("notifications.dateClosedTitle");
    // No "tomorrow" or "today" reminder for a date that will not happen.
    expect(bell.filter((n) => n.type === "pickup_reminder" && n.pickupRequestId === moved.id)).toEqual([]);

    const after = await modifyPickup(mover, moved.id, other.id);
    expect(after).toMatchObject({ pickupSlotId: other.id, status: "Scheduled" });
    expect(pickupsOnClosedDates(mover.id)).toEqual([]);
    expect(findPickup(mover.id, moved.confirmationNumber)!.displayStatus).toBe("scheduled");

    const result = await cancelPickup(canceller, cancelled.id);
    expect(result).toMatchObject({ status: "Cancelled", refundCents: cancelled.totalCents });
    expect(paymentOf(cancelled.paymentId!)).toMatchObject({
      refundedCents: cancelled.totalCents,
      status: "refunded",
    });
  });

  it("an open date keeps the 12-hour rule and the $2.30 fee", async () => {
    const open = slot({ daysAhead: 5 });
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: open.id }, CARD);
    expect(findPickup(user.id, pickup.confirmationNumber)!.changes.refundIfCancelledCents).toBe(
      pickup.totalCents - 230,
    );
    setNow(open.startsAt - 6 * HOUR);
    expect(findPickup(user.id, pickup.confirmationNumber)!.displayStatus).not.toBe("dateClosed");
    expect(findPickup(user.id, pickup.confirmationNumber)!.changes.allowed).toBe(false);
    await expect(cancelPickup(user, pickup.id)).rejects.toMatchObject({ key: "errors.tooLateToChange" });
  });
});

describe("the home page's next pickup", () => {
  it("is never a pickup on a closed date: the next Scheduled one on an open date, or none", async () => {
    const closing = slot({ daysAhead: 5 });
    const later = slot({ daysAhead: 11 });
    const who = await resident();
    const onClosed = await payWithSimulatedCard(who, { bags: 1, slotId: closing.id }, CARD);
    const onOpen = await payWithSimulatedCard(who, { bags: 2, slotId: later.id }, CARD);
    expect(homePickups(who).next?.id).toBe(onClosed.id);

    await closeDate(admin, closing.date);
    expect(homePickups(who).next?.id).toBe(onOpen.id);
    // The closed one is still the banner's: "choose another date".
    expect(pickupsOnClosedDates(who.id).map((p) => p.confirmationNumber)).toEqual([onClosed.confirmationNumber]);

    await cancelPickup(who, onOpen.id);
    expect(homePickups(who).next).toBeNull();
  });
});
