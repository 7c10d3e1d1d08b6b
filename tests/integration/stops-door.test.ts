// Issue 47 part 1, "at the door": a Completed mark records the bags collected (3 of 4) and the items
// refused and left behind (a propane tank), in the mark's one transaction with who and when; the
// resident's Completed e-mail (English or French) says the bags collected and, per item, what was left
// and where to take it instead; a refused form stores nothing; the undo and a correction take the record
// back; the day sheet, its CSV's service, the order page's record and the data export carry it.
import { asc, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { windowStart } from "~/lib/dates";
import { UNDO_WINDOW_MS } from "~/lib/stops";
import { AdminError } from "~/services/admin/admin-error.server";
import { correctPickup, daySheet, markPickup, undoPickupMark } from "~/services/admin/day.server";
import { driverRoute } from "~/services/admin/driver.server";
import { createAdmin } from "~/services/accounts/accounts.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { deliverDueEmails, type MailTransport } from "~/services/platform/outbox.server";
import { db, schema } from "~/services/platform/db.server";
import { exportAccountData } from "~/services/privacy/export.server";
import { doorRecord } from "~/services/stops/door.server";
import { CARD, resident, slot } from "./fixtures";

const admin = await createAdmin(`door-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");

async function driver() {
  const user = await resident();
  return db
    .update(schema.users)
    .set({ role: "driver", firstName: "Ana", lastName: "Roy" })
    .where(eq(schema.users.id, user.id))
    .returning()
    .get();
}

const sent: Array<{ to: string; subject: string; text: string; html: string }> = [];
const transport = {
  sendMail: async (m: { to: string; subject: string; text: string; html: string }) => {
    sent.push(m);
    return {};
  },
} as unknown as MailTransport;

/** A resident with a pickup of 4 bags, on its day, an hour into its window. */
async function pickupDay(options: { locale?: "en" | "fr"; dayAfter?: boolean } = {}) {
  const booked = await resident();
  const user = db
    .update(schema.users)
    .set({ locale: options.locale ?? "en", dayAfterEnabled: options.dayAfter ?? true })
    .where(eq(schema.users.id, booked.id))
    .returning()
    .get();
  const pickup = await payWithSimulatedCard(user, { bags: 4, slotId: slot().id }, CARD);
  const s = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
  const at = windowStart(s.date, s.window) + 60 * 60 * 1000;
  setNow(at);
  await deliverDueEmails(transport);
  return { user, pickup, at, date: s.date };
}

const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;
const refusedRows = (id: number) =>
  db
    .select()
    .from(schema.refusedItems)
    .where(eq(schema.refusedItems.pickupRequestId, id))
    .orderBy(asc(schema.refusedItems.id))
    .all();
const outboxOf = (email: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, email)).all();

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

describe("a Completed stop at the door", () => {
  it("3 of 4 bags and a propane tank: recorded with who and when, and the e-mail says where to take it", async () => {
    const ana = await driver();
    const { user, pickup, at, date } = await pickupDay();
    await markPickup(ana, pickup.id, "Completed", at, undefined, "driver", {
      bagsCollected: "3",
      refused: ["propane"],
      note: "",
    });
    expect(pickupRow(pickup.id)).toMatchObject({ status: "Completed", bagsCollected: 3, bagsRequested: 4 });
    expect(refusedRows(pickup.id)).toEqual([
      expect.objectContaining({ item: "propane", note: null, recordedBy: ana.id, recordedAt: at }),
    ]);

    // The driver's route and the day sheet show it.
    const stop = driverRoute(date, at)
      .windows.flatMap((w) => w.stops)
      .find((s) => s.id === pickup.id)!;
    expect(stop).toMatchObject({ bagsCollected: 3, refused: [{ item: "propane", note: null }] });
    const row = daySheet(date, at)
      .windows.flatMap((w) => w.pickups)
      .find((p) => p.id === pickup.id)!;
    expect(row).toMatchObject({ bags: 4, bagsCollected: 3, refused: [{ item: "propane", note: null }] });
    expect(doorRecord(db, { id: pickup.id, status: "Completed", bagsRequested: 4 })).toEqual({
      bagsRequested: 4,
      bagsCollected: 3,
      refused: [{ item: "propane", note: null }],
    });

    // The e-mail waits for the undo window, then goes once.
    setNow(at + UNDO_WINDOW_MS);
    await deliverDueEmails(transport);
    const mails = sent.filter((m) => m.to === user.email && m.subject.startsWith("Thank you"));
    expect(mails).toHaveLength(1);
    const text = mails[0]!.text;
    expect(text).toContain(`We collected your pickup ${pickup.confirmationNumber} on`);
    expect(text).toContain(": 3 of your 4 bags.");
    expect(text).toContain("We left one item at your door, as we cannot take it.");
    expect(text).toContain("• Propane or gas cylinder — take it to an écocentre");
    expect(mails[0]!.html).toContain("Propane or gas cylinder — take it to an écocentre");

    // The export carries it.
    const exported = exportAccountData(user.id).pickups.find(
      (p) => p.confirmationNumber === pickup.confirmationNumber,
    )!;
    expect(exported).toMatchObject({ bags: 4, bagsCollected: 3, refusedItems: [{ item: "propane", note: null }] });
  });

  it("in French: the bags, the écocentre for propane and the pharmacy for sharps, and the other item's note", async () => {
    const ana = await driver();
    const { user, pickup, at } = await pickupDay({ locale: "fr" });
    await markPickup(ana, pickup.id, "Completed", at, undefined, "driver", {
      bagsCollected: "3",
      refused: ["sharps", "propane"],
      note: "un pot de peinture ouvert",
    });
    const mail = outboxOf(user.email).find((m) => m.kind === "pickup-completed")!;
    expect(mail.text).toContain(": 3 de vos 4 sacs.");
    expect(mail.text).toContain("Nous avons laissé 3 articles devant votre porte");
    expect(mail.text).toContain("• Bonbonne de propane ou de gaz : apportez-la à un écocentre");
    expect(mail.text).toContain("rapportez-le à une pharmacie");
    expect(mail.text).toContain("• un pot de peinture ouvert : nous n'avons pas pu le prendre.");
    // In the list's order: propane, sharps, other.
    const at3 = (s: string) => mail.text!.indexOf(s);
    expect(at3("Bonbonne")).toBeLessThan(at3("Objets piquants"));
    expect(at3("Objets piquants")).toBeLessThan(at3("un pot de peinture"));
    expect(refusedRows(pickup.id).map((r) => [r.item, r.note])).toEqual([
      ["propane", null],
      ["sharps", null],
      ["other", "un pot de peinture ouvert"],
    ]);
  });

  it("the bags booked when none are given, and the plain thank-you e-mail when nothing was left", async () => {
    const ana = await driver();
    const { user, pickup, at } = await pickupDay();
    await markPickup(ana, pickup.id, "Completed", at, undefined, "driver");
    expect(pickupRow(pickup.id).bagsCollected).toBe(4);
    expect(refusedRows(pickup.id)).toEqual([]);
    const mail = outboxOf(user.email).find((m) => m.kind === "pickup-completed")!;
    expect(mail.text).toContain(": 4 bags. Thank you");
    expect(mail.text).not.toContain("at your door:");
  });

  it("a resident who turned the day-after e-mails off still learns what was left at the door (and only then)", async () => {
    const ana = await driver();
    const quiet = await pickupDay({ dayAfter: false });
    await markPickup(ana, quiet.pickup.id, "Completed", quiet.at, undefined, "driver", { refused: ["tires"] });
    expect(outboxOf(quiet.user.email).filter((m) => m.kind === "pickup-completed")).toHaveLength(1);
    const plain = await pickupDay({ dayAfter: false });
    await markPickup(ana, plain.pickup.id, "Completed", plain.at, undefined, "driver", { bagsCollected: "2" });
    expect(outboxOf(plain.user.email).filter((m) => m.kind === "pickup-completed")).toHaveLength(0);
  });

  it("a refused form stores nothing: 0 or 11 bags, an unknown item, 'other' without its note", async () => {
    const ana = await driver();
    const { user, pickup, at } = await pickupDay();
    const before = outboxOf(user.email).length;
    for (const [door, key] of [
      [{ bagsCollected: "0" }, "stops:errors.bagsCollected"],
      [{ bagsCollected: "11" }, "stops:errors.bagsCollected"],
      [{ bagsCollected: "<script>" }, "stops:errors.bagsCollected"],
      [{ refused: ["propane", "plutonium"] }, "stops:errors.refusedItem"],
      [{ refused: ["other"] }, "stops:errors.refusedNote"],
      [{ note: "y".repeat(201) }, "stops:errors.refusedNote"],
    ] as const) {
      expect(await refusal(() => markPickup(ana, pickup.id, "Completed", at, undefined, "driver", door))).toBe(key);
    }
    expect(pickupRow(pickup.id)).toMatchObject({ status: "Scheduled", bagsCollected: null });
    expect(refusedRows(pickup.id)).toEqual([]);
    expect(outboxOf(user.email)).toHaveLength(before);
  });

  it("a Missed mark records nothing from the door", async () => {
    const ana = await driver();
    const { pickup, at } = await pickupDay();
    await markPickup(ana, pickup.id, "Missed", at, "bags-not-out", "driver", {
      bagsCollected: "3",
      refused: ["propane"],
    });
    expect(pickupRow(pickup.id)).toMatchObject({ status: "Missed", bagsCollected: null });
    expect(refusedRows(pickup.id)).toEqual([]);
  });

  it("the driver's undo takes the record back with the mark; so does an admin's correction to Missed", async () => {
    const ana = await driver();
    const { pickup, at } = await pickupDay();
    await markPickup(ana, pickup.id, "Completed", at, undefined, "driver", {
      bagsCollected: "3",
      refused: ["propane"],
    });
    undoPickupMark(ana, pickup.id, "driver", at + 60_000);
    expect(pickupRow(pickup.id)).toMatchObject({ status: "Scheduled", bagsCollected: null });
    expect(refusedRows(pickup.id)).toEqual([]);

    await markPickup(ana, pickup.id, "Completed", at + 120_000, undefined, "driver", {
      bagsCollected: "5",
      refused: ["garbage"],
    });
    expect(pickupRow(pickup.id).bagsCollected).toBe(5);
    correctPickup(admin, pickup.id, "Missed", "refused-items", at + UNDO_WINDOW_MS + 180_000);
    expect(pickupRow(pickup.id)).toMatchObject({ status: "Missed", bagsCollected: null });
    expect(refusedRows(pickup.id)).toEqual([]);
  });

  it("an admin marks it from the day sheet the same way", async () => {
    const { pickup, at } = await pickupDay();
    await markPickup(admin, pickup.id, "Completed", at, undefined, "admin", {
      bagsCollected: "1",
      refused: ["car_battery", "asbestos"],
    });
    expect(pickupRow(pickup.id).bagsCollected).toBe(1);
    expect(refusedRows(pickup.id).map((r) => [r.item, r.recordedBy])).toEqual([
      ["car_battery", admin.id],
      ["asbestos", admin.id],
    ]);
  });
});
