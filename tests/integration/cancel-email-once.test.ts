// Issue 35, part 7: no message lost between two writes. A cancellation that refunds writes its e-mail after
// the provider's answer (its refund line says where the money stands), outside the cancellation's
// transaction. A crash in between leaves the refund recorded and no e-mail: the reconcile that runs at
// start-up (and hourly) finds the cancelled pickup without its e-mail and writes it, once; a cancel that
// did write its own is never written again.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { now, setNow } from "~/lib/clock";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { db, schema } from "~/services/platform/db.server";
import { CARD, resident, slot } from "./fixtures";
import type { User } from "../../db/schema";

afterEach(() => setNow(null));

const o = schema.emailOutbox;
const cancelMails = (user: User, confirmationNumber: string) =>
  db
    .select()
    .from(o)
    .where(and(eq(o.kind, "pickup-cancelled"), eq(o.to, user.email)))
    .all()
    .filter((m) => m.subject.includes(confirmationNumber));

async function cancelledPaidPickup() {
  const user = await resident();
  const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: slot().id }, CARD);
  await cancelPickup(user, pickup.id);
  return { user, pickup };
}

describe("the cancellation e-mail of a refund", () => {
  it("lost to a crash after the refund's answer, is written by the reconcile after restart, once", async () => {
    const { user, pickup } = await cancelledPaidPickup();
    // The crash: the refund answered and recorded, the e-mail after it never written.
    db.delete(o)
      .where(and(eq(o.kind, "pickup-cancelled"), eq(o.to, user.email)))
      .run();
    const row = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, pickup.id)).get()!;
    expect(row).toMatchObject({ status: "Cancelled", refundStatus: "succeeded", refundCents: 1840 });
    expect(cancelMails(user, pickup.confirmationNumber)).toHaveLength(0);

    // A live cancel is left its own minutes to write it: nothing yet.
    await reconcilePayments();
    expect(cancelMails(user, pickup.confirmationNumber)).toHaveLength(0);

    // The server comes back ten minutes later: its start-up reconcile writes it, with the refund's outcome.
    setNow(now() + 10 * 60_000);
    const report = await reconcilePayments();
    expect(report.cancellationsSent).toBeGreaterThanOrEqual(1);
    const [mail, ...more] = cancelMails(user, pickup.confirmationNumber);
    expect(more).toHaveLength(0);
    expect(mail!.text).toContain("$18.40");
    // A second run (the hourly one, another process) writes nothing more.
    await reconcilePayments();
    setNow(now() + 60 * 60_000);
    await reconcilePayments();
    expect(cancelMails(user, pickup.confirmationNumber)).toHaveLength(1);
  });

  it("written by the cancel itself, is never written again by the reconcile", async () => {
    const { user, pickup } = await cancelledPaidPickup();
    expect(cancelMails(user, pickup.confirmationNumber)).toHaveLength(1);
    setNow(now() + 10 * 60_000);
    await reconcilePayments();
    await reconcilePayments();
    expect(cancelMails(user, pickup.confirmationNumber)).toHaveLength(1);
  });
});
