// Issue 42 part 1, "a stop can be put right": a mark (Completed, or Missed with its reason), the
// driver's undo within 10 minutes (refused after, and refused to anyone else), an admin's correction
// at any time; each change kept with who and when; the resident's e-mail waits for the undo window,
// is withdrawn by an undo, follows the reason, and a change after it went out writes one correction.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { windowStart } from "~/lib/dates";
import { UNDO_WINDOW_MS } from "~/lib/stops";
import { AdminError } from "~/services/admin/admin-error.server";
import { correctPickup, markPickup, undoPickupMark } from "~/services/admin/day.server";
import { driverDay } from "~/services/admin/driver.server";
import { createAdmin } from "~/services/accounts/accounts.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { deliverDueEmails, type MailTransport } from "~/services/platform/outbox.server";
import { db, schema } from "~/services/platform/db.server";
import { stopHistory } from "~/services/stops/history.server";
import { CARD, resident, slot } from "./fixtures";

const admin = await createAdmin(`stops-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");

async function driver(name: string) {
  const user = await resident();
  return db
    .update(schema.users)
    .set({ role: "driver", firstName: name, lastName: "Roy" })
    .where(eq(schema.users.id, user.id))
    .returning()
    .get();
}

/** Every message the worker hands the mail server, as the resident would receive them. */
const sent: Array<{ to: string; subject: string; text: string }> = [];
const transport = {
  sendMail: async (m: { to: string; subject: string; text: string }) => {
    sent.push(m);
    return {};
  },
} as unknown as MailTransport;
const receivedBy = (email: string) => sent.filter((m) => m.to === email);

async function missedDay() {
  const user = await resident();
  const pickup = await payWithSimulatedCard(user, { bags: 2, slotId: slot().id }, CARD);
  const s = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
  // The pickup's day, an hour into its window.
  const at = windowStart(s.date, s.window) + 60 * 60 * 1000;
  setNow(at);
  await deliverDueEmails(transport); // the booking confirmation, out of the way
  return { user, pickup, at, date: s.date };
}

const statusOf = (id: number) => db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;

async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (error instanceof AdminError) return error.key;
    throw error;
  }
  return null;
}

afterEach(() => setNow(null));

describe("a driver's mark and its undo", () => {
  it("waits 10 minutes to e-mail, is undone within them (e-mail withdrawn), refused at 10 minutes", async () => {
    const ana = await driver("Ana");
    const { user, pickup, at, date } = await missedDay();

    await markPickup(ana, pickup.id, "Missed", at, "bags-not-out", "driver");
    expect(statusOf(pickup.id)).toMatchObject({ status: "Missed", missedReason: "bags-not-out" });
    const row = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, user.email)).all().at(-1)!;
    expect(row).toMatchObject({ kind: "pickup-missed", nextAttemptAt: at + UNDO_WINDOW_MS });
    // Ana's route offers her Undo on it until then; nobody else's does.
    expect(driverDay(ana.id, date, at).undoUntil).toEqual({ [pickup.id]: at + UNDO_WINDOW_MS });
    expect(driverDay(admin.id, date, at).undoUntil).toEqual({});

    // Nothing leaves before the window passed.
    setNow(at + UNDO_WINDOW_MS - 1);
    await deliverDueEmails(transport);
    expect(receivedBy(user.email).filter((m) => !m.subject.includes("booked"))).toEqual([]);

    // Another driver cannot undo it; Ana can, one millisecond before the end.
    const ben = await driver("Ben");
    expect(await refusal(() => undoPickupMark(ben, pickup.id, "driver", at + 60_000))).toBe("stops:errors.notYours");
    undoPickupMark(ana, pickup.id, "driver", at + UNDO_WINDOW_MS - 1);
    expect(statusOf(pickup.id)).toMatchObject({ status: "Scheduled", missedReason: null });
    expect(db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, row.id)).get()).toBeUndefined();

    // Marked again (Completed); at exactly 10 minutes the undo is closed.
    const again = at + 20 * 60_000;
    await markPickup(ana, pickup.id, "Completed", again, undefined, "driver");
    expect(await refusal(() => undoPickupMark(ana, pickup.id, "driver", again + UNDO_WINDOW_MS))).toBe(
      "stops:errors.undoClosed",
    );
    setNow(again + UNDO_WINDOW_MS);
    await deliverDueEmails(transport);
    await deliverDueEmails(transport);
    const mails = receivedBy(user.email).filter((m) => !m.subject.includes("booked"));
    expect(mails.map((m) => m.subject)).toEqual([`Thank you: your pickup ${pickup.confirmationNumber} is done`]);

    // Who and when, oldest first; the withdrawn e-mail says it never went.
    const history = stopHistory(pickup.id);
    expect(history.map((e) => [e.action, e.status, e.reason, e.actorRole, e.actorName, e.at, e.email])).toEqual([
      ["mark", "Missed", "bags-not-out", "driver", "Ana Roy", at, "withdrawn"],
      ["undo", "Scheduled", null, "driver", "Ana Roy", at + UNDO_WINDOW_MS - 1, null],
      ["mark", "Completed", null, "driver", "Ana Roy", again, "sent"],
    ]);
  });

  it("Missed needs a reason; a mark is refused before the pickup's day and twice", async () => {
    const ana = await driver("Ana");
    const { pickup, at } = await missedDay();
    expect(await refusal(() => markPickup(ana, pickup.id, "Missed", at, undefined, "driver"))).toBe(
      "stops:errors.reasonRequired",
    );
    expect(await refusal(() => markPickup(ana, pickup.id, "Missed", at, "lost-keys", "driver"))).toBe(
      "stops:errors.reasonRequired",
    );
    expect(await refusal(() => markPickup(ana, pickup.id, "Completed", at - 86_400_000, undefined, "driver"))).toBe(
      "stops:errors.tooEarly",
    );
    await markPickup(ana, pickup.id, "Completed", at, undefined, "driver");
    expect(await refusal(() => markPickup(ana, pickup.id, "Completed", at, undefined, "driver"))).toBe(
      "stops:errors.alreadyCompleted",
    );
  });
});

describe("an admin's correction", () => {
  it("after the e-mail went out: one e-mail, then one correction; nothing sent twice", async () => {
    const ana = await driver("Ana");
    const { user, pickup, at } = await missedDay();
    await markPickup(ana, pickup.id, "Missed", at, "bags-not-out", "driver");
    setNow(at + UNDO_WINDOW_MS);
    await deliverDueEmails(transport);
    expect(receivedBy(user.email).at(-1)!.text).toMatch(/your bags were not outside by/);

    // The next morning the admin learns the truck broke down.
    const later = at + 20 * 60 * 60 * 1000;
    setNow(later);
    correctPickup(admin, pickup.id, "Missed", "our-fault-truck", later);
    expect(statusOf(pickup.id)).toMatchObject({
      status: "Missed",
      missedReason: "our-fault-truck",
      stopFinalAt: later,
    });
    await deliverDueEmails(transport);
    await deliverDueEmails(transport);
    const mails = receivedBy(user.email).filter((m) => !m.subject.includes("booked"));
    expect(mails).toHaveLength(2);
    expect(mails[1]!.subject).toMatch(new RegExp(`^Correction about your pickup ${pickup.confirmationNumber} of `));
    expect(mails[1]!.text).toContain("it was our fault, not yours");
    expect(mails[1]!.text).toContain(`/order/${pickup.confirmationNumber}`);
    expect(mails[1]!.text).not.toMatch(/most likely|not outside/);

    const history = stopHistory(pickup.id);
    expect(history.map((e) => [e.action, e.actorRole, e.at, e.email])).toEqual([
      ["mark", "driver", at, "sent"],
      ["correct", "admin", later, "sent"],
    ]);
    // The same again is refused; so is a correction of a pickup not marked.
    expect(await refusal(() => correctPickup(admin, pickup.id, "Missed", "our-fault-truck", later))).toBe(
      "stops:errors.unchanged",
    );
  });

  it("before the e-mail went out: the first is withdrawn, only the corrected one is sent", async () => {
    const ana = await driver("Ana");
    const { user, pickup, at } = await missedDay();
    await markPickup(ana, pickup.id, "Missed", at, "no-access", "driver");
    correctPickup(admin, pickup.id, "Completed", null, at + 3 * 60_000);
    setNow(at + UNDO_WINDOW_MS);
    await deliverDueEmails(transport);
    await deliverDueEmails(transport);
    const mails = receivedBy(user.email).filter((m) => !m.subject.includes("booked"));
    expect(mails.map((m) => m.subject)).toEqual([`Thank you: your pickup ${pickup.confirmationNumber} is done`]);
    expect(stopHistory(pickup.id).map((e) => [e.action, e.email])).toEqual([
      ["mark", "withdrawn"],
      ["correct", "sent"],
    ]);
  });

  it("our fault's words: no 'most likely', the cause, the choice on the order page", async () => {
    const ana = await driver("Ana");
    const { user, pickup, at } = await missedDay();
    await markPickup(ana, pickup.id, "Missed", at, "our-fault-weather", "driver");
    setNow(at + UNDO_WINDOW_MS);
    await deliverDueEmails(transport);
    const [mail] = receivedBy(user.email).filter((m) => !m.subject.includes("booked"));
    expect(mail!.subject).toMatch(/our fault, at no cost to you/);
    expect(mail!.text).toContain("the weather kept our crew off the road");
    expect(mail!.text).toContain("a free new pickup of the same 2 bags");
    expect(mail!.text).toContain(`/order/${pickup.confirmationNumber}`);
    expect(mail!.text).not.toMatch(/most likely|not outside/);
  });
});
