// Issue 34, retention applied: with a fixed clock, the daily job warns an account unused for 3 years less
// 30 days, deletes (de-identified, like a resident's own deletion) one unused for 3 years and warned 30 days
// ago, and nothing else; erases waitlist entries told of their area or older than 2 years; and erases a
// delivered e-mail's body. Admins, used accounts, recently warned ones and accounts with a pickup ahead stay.
import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { daysMs, RETENTION, yearsMs } from "~/lib/retention";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { tombstoneEmail } from "~/services/privacy/deidentify.server";
import { applyRetention } from "~/services/privacy/retention.server";
import { CARD, resident, slot } from "./fixtures";

const DAY = daysMs(1);
afterEach(() => setNow(null));

function setUsed(
  userId: number,
  lastSeenAt: number,
  warnedAt: number | null = null,
  role: "resident" | "admin" = "resident",
) {
  db.update(schema.users)
    .set({ lastSeenAt, inactivityWarnedAt: warnedAt, role })
    .where(eq(schema.users.id, userId))
    .run();
}

function userRow(id: number) {
  return db.select().from(schema.users).where(eq(schema.users.id, id)).get()!;
}

let waitCounter = 0;
function waitlistEntry(createdAt: number, notifiedAt: number | null) {
  waitCounter += 1;
  return db
    .insert(schema.waitlistEntries)
    .values({
      name: "Léa",
      email: `waiting-${waitCounter}@bell.net`,
      fsa: "J8Y",
      reason: "Outside Service Area",
      createdAt,
      notifiedAt,
      updatedAt: createdAt,
    })
    .returning()
    .get().id;
}

describe("the retention job, on a fixed clock", () => {
  it("de-identifies exactly what is due", async () => {
    const T = Date.now() + 400 * DAY;
    const threeYears = yearsMs(RETENTION.unusedAccountYears);
    const warnDays = daysMs(RETENTION.unusedAccountWarningDays);
    // Before the clock moves: every account's pickups and rows are written now.
    const notYet = await resident(); // unused for 3 years less 31 days: not warned
    const warnMe = await resident(); // unused for 3 years less 29 days: warned now
    const deleteMe = await resident(); // unused for 3 years and a day, warned 31 days ago: deleted
    const warnedLately = await resident(); // unused for 3 years and a day, warned 29 days ago: waits
    const usedAgain = await resident(); // warned, then used again (the warning was withdrawn): not deleted
    const admin = await resident(); // an operator is never deleted by retention
    const withPickup = await resident(); // a pickup ahead: kept
    const ahead = slot({ startsAt: T + 5 * DAY });
    await payWithSimulatedCard(withPickup, { bags: 1, slotId: ahead.id }, CARD);
    db.update(schema.pickupSlots)
      .set({ startsAt: T + 5 * DAY, endsAt: T + 5 * DAY + 4 * 3_600_000 })
      .where(eq(schema.pickupSlots.id, ahead.id))
      .run();

    setUsed(notYet.id, T - threeYears + warnDays + DAY);
    setUsed(warnMe.id, T - threeYears + warnDays - DAY);
    setUsed(deleteMe.id, T - threeYears - DAY, T - warnDays - DAY);
    setUsed(warnedLately.id, T - threeYears - DAY, T - warnDays + DAY);
    setUsed(usedAgain.id, T - DAY, null);
    setUsed(admin.id, T - threeYears - 400 * DAY, T - warnDays - DAY, "admin");
    setUsed(withPickup.id, T - threeYears - DAY, T - warnDays - DAY);

    const told = waitlistEntry(T - 10 * DAY, T - DAY);
    const old = waitlistEntry(T - yearsMs(RETENTION.waitlistYears) - DAY, null);
    const recent = waitlistEntry(T - yearsMs(RETENTION.waitlistYears) + DAY, null);

    const sent = db
      .insert(schema.emailOutbox)
      .values({
        to: "someone@bell.net",
        subject: "Hi",
        text: "A body",
        html: "<p>A body</p>",
        kind: "booking-confirmed",
        locale: "en",
        sentAt: T - DAY,
      })
      .returning()
      .get().id;
    const waiting = db
      .insert(schema.emailOutbox)
      .values({ to: "someone@bell.net", subject: "Hi", text: "Not sent yet", kind: "booking-confirmed", locale: "en" })
      .returning()
      .get().id;

    setNow(T);
    const mine = [notYet, warnMe, deleteMe, warnedLately, usedAgain, admin, withPickup].map((u) => u.id);
    const report = applyRetention(T);

    // Warned: the one that reached 3 years less 30 days, by e-mail, once.
    expect(userRow(warnMe.id).inactivityWarnedAt).toBe(T);
    expect(userRow(notYet.id).inactivityWarnedAt).toBeNull();
    const warnings = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.kind, "account-unused")).all();
    expect(warnings.map((w) => w.to)).toEqual([warnMe.email]);
    expect(warnings[0]!.text).toContain("/sign-in");

    // Deleted: exactly the account unused for 3 years and warned 30 days ago.
    const deleted = db
      .select()
      .from(schema.users)
      .where(inArray(schema.users.id, mine))
      .all()
      .filter((u) => u.deletedAt !== null);
    expect(deleted.map((u) => u.id)).toEqual([deleteMe.id]);
    expect(userRow(deleteMe.id)).toMatchObject({
      email: tombstoneEmail(deleteMe.id),
      firstName: "",
      streetAddress: "",
      deletedAt: T,
    });
    const expired = db
      .select()
      .from(schema.adminActivity)
      .where(eq(schema.adminActivity.adminUserId, deleteMe.id))
      .all();
    expect(expired.map((a) => a.action)).toEqual(["account.expire"]);
    for (const kept of [warnedLately, usedAgain, admin, withPickup]) expect(userRow(kept.id).email).toBe(kept.email);

    // The waitlist: told, or older than 2 years, goes.
    const left = db
      .select()
      .from(schema.waitlistEntries)
      .where(inArray(schema.waitlistEntries.id, [told, old, recent]))
      .all();
    expect(left.map((w) => w.id)).toEqual([recent]);

    // A delivered e-mail keeps no body; one not sent yet keeps its own.
    const outbox = (id: number) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id)).get()!;
    expect(outbox(sent)).toMatchObject({ text: "", html: null });
    expect(outbox(waiting).text).toBe("Not sent yet");

    expect(report).toMatchObject({ warned: 1, deleted: 1 });
    expect(report.waitlist).toBeGreaterThanOrEqual(2);

    // A second run the same day finds nothing new to warn or delete.
    expect(applyRetention(T)).toMatchObject({ warned: 0, deleted: 0, waitlist: 0 });
  });
});
