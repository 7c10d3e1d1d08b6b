// Issue 43 part 5 on a real SQLite file, the clock moved: a deleted account's de-identified tax records (its
// pickups, payments, checkouts) are kept five years on, still kept on the last second of the sixth year
// after their tax year, and purged by the retention job from the first of January after it (seven years
// on); a second run purges nothing; what points at a purged pickup (a stop's events) goes with it; a live
// account's records and the tombstone stay.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { deleteAccount } from "~/services/privacy/deletion.server";
import { applyRetention } from "~/services/privacy/retention.server";
import { CARD, resident, slot } from "./fixtures";

afterEach(() => setNow(null));

const T0 = Date.parse("2026-12-01T12:00:00-05:00");
const DECLINED = { ...CARD, cardNumber: "4000 0000 0000 0002" };

function rowsOf(userId: number) {
  const count = (table: typeof schema.pickupRequests | typeof schema.payments | typeof schema.checkouts) =>
    db.select().from(table).where(eq(table.userId, userId)).all().length;
  return {
    pickups: count(schema.pickupRequests),
    payments: count(schema.payments),
    checkouts: count(schema.checkouts),
  };
}

/** A resident with a pickup done in December 2026, paid on the second try (one declined payment). */
async function residentWithA2026Pickup() {
  const user = await resident();
  const s = slot({ daysAhead: 3 });
  await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, DECLINED).catch(() => null);
  const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: s.id }, CARD);
  db.update(schema.pickupRequests).set({ status: "Completed" }).where(eq(schema.pickupRequests.id, pickup.id)).run();
  return { user, pickup };
}

/** The retention job at `iso`, the live account used that day (so retention does not expire it). */
function retentionAt(iso: string, liveUserId: number) {
  const at = Date.parse(iso);
  setNow(at);
  db.update(schema.users).set({ lastSeenAt: at }).where(eq(schema.users.id, liveUserId)).run();
  return applyRetention(at);
}

describe("the purge of de-identified tax records, the clock moved seven years", () => {
  it("keeps them five years on, purges them from 2033-01-01 Montreal time, once", async () => {
    setNow(T0);
    const gone = await residentWithA2026Pickup();
    const live = await residentWithA2026Pickup();
    // A driver's mark on the pickup: a row that points at it.
    db.insert(schema.stopEvents)
      .values({ pickupId: gone.pickup.id, action: "mark", status: "Completed", actorRole: "driver", createdAt: T0 })
      .run();
    await deleteAccount(gone.user, "sorting-day-1");
    const before = rowsOf(gone.user.id);
    // The pickup, its payment and the declined one, and the two checkouts they were made on.
    expect(before).toEqual({ pickups: 1, payments: 2, checkouts: 2 });

    // Five years on, and the last second of 2032: kept.
    for (const iso of ["2031-12-01T12:00:00-05:00", "2032-12-31T23:59:59-05:00"]) {
      const report = retentionAt(iso, live.user.id);
      expect(report.taxRecords, iso).toEqual({ pickups: 0, payments: 0, checkouts: 0, promoRedemptions: 0 });
      expect(rowsOf(gone.user.id), iso).toEqual(before);
    }

    // 2033-01-01 00:00 in Montreal (05:00 UTC): purged, with the stop's events.
    const report = retentionAt("2033-01-01T00:00:00-05:00", live.user.id);
    expect(report.taxRecords).toMatchObject({ pickups: 1, payments: 2, checkouts: 2 });
    expect(rowsOf(gone.user.id)).toEqual({ pickups: 0, payments: 0, checkouts: 0 });
    expect(db.select().from(schema.stopEvents).where(eq(schema.stopEvents.pickupId, gone.pickup.id)).all()).toEqual([]);
    // The tombstone (a number and two dates) stays; a live account's records of the same year stay.
    expect(db.select().from(schema.users).where(eq(schema.users.id, gone.user.id)).get()!.deletedAt).not.toBeNull();
    expect(rowsOf(live.user.id)).toEqual(before);

    // Seven years on, and again: nothing more to purge.
    for (const iso of ["2033-12-01T12:00:00-05:00", "2033-12-01T12:00:00-05:00"]) {
      expect(retentionAt(iso, live.user.id).taxRecords, iso).toEqual({
        pickups: 0,
        payments: 0,
        checkouts: 0,
        promoRedemptions: 0,
      });
    }
    expect(rowsOf(live.user.id)).toEqual(before);
  });
});
