// Issue 42 part 4, "the outbox tells the truth", on a real SQLite file, with no text provider (no TWILIO_*
// variables): a mobile number saved on the profile still has its verification code written to the outbox,
// and the worker settles it as "not sent: no text provider" (a status of its own: never sent, never
// retried, not failing); the same text goes out normally through a Twilio stand-in; admins read it with
// the code masked, on the list and in the page's data; reminders and alerts then go by e-mail, and texts
// are refused as a channel.
import { and, eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { startTwilioStandIn } from "./twilio-stand-in";
import { addDays, dateKey, windowEnd, windowStart } from "~/lib/dates";
import { outboxStatus } from "~/lib/outbox";
import { reminderWindow } from "~/lib/reminders";
import { setNow } from "~/lib/clock";
import { createAdmin } from "~/services/accounts/accounts.server";
import { formatPhoneNational } from "~/lib/phone";
import { outboxPage, resendEmail } from "~/services/admin/outbox-list.server";
import { sendAlert } from "~/services/admin/alerts.server";
import { createUserSession } from "~/services/http/current-user.server";
import { saveProfile, TextsOffError } from "~/services/http/profile-save.server";
import { queueDueReminders } from "~/services/notices/reminders.server";
import { db, schema } from "~/services/platform/db.server";
import { deliverDueTexts } from "~/services/platform/outbox.server";
import { createTwilioSender, textSender, textsConfigured } from "~/services/platform/sms.server";
import { loader as outboxLoader } from "~/routes/admin.outbox";
import { resident } from "./fixtures";

const o = schema.emailOutbox;
const SID = "AC00000000000000000000000000000042";
const TOKEN = "stand-in-auth-token-42";
const sms = await startTwilioStandIn(SID, TOKEN);
afterAll(() => sms.close());

const PROFILE = {
  firstName: "Marie",
  lastName: "Tremblay",
  streetAddress: "100 Rue Saint-Denis",
  unit: "",
  city: "Montréal",
  province: "QC" as const,
  postalCode: "H2X 3K2",
};
let n = 0;
/** A fresh mobile number (E.164) and what a resident types for it. */
function newPhone() {
  n += 1;
  const local = `514555${String(1000 + ((Date.now() + n * 37) % 9000)).padStart(4, "0")}`;
  return { typed: local, e164: `+1${local}` };
}
const codeRows = (to: string) =>
  db
    .select()
    .from(o)
    .where(and(eq(o.to, to), eq(o.kind, "phone-code")))
    .all();

describe("without a text provider", () => {
  it("the environment has none (the embedded sender only records)", () => {
    expect(textsConfigured()).toBe(false);
    expect(textSender().provider).toBe("recorded");
  });

  it("a mobile number saved on the profile has its code written and settled as not sent: never sent, retried or failing", async () => {
    const user = await resident();
    const phone = newPhone();
    await saveProfile(user.id, { ...PROFILE, phone: phone.e164 });
    const [written] = codeRows(phone.e164);
    expect(written).toMatchObject({ channel: "sms", sentAt: null, notSent: null });
    expect(written!.text).toMatch(/\d{6}/);
    const report = await deliverDueTexts();
    expect(report.notSent).toBeGreaterThanOrEqual(1);
    const [settled] = codeRows(phone.e164);
    expect(settled).toMatchObject({
      notSent: "no-text-provider",
      sentAt: null,
      error: null,
      nextAttemptAt: null,
      claimToken: null,
    });
    expect(outboxStatus(settled!)).toBe("unsent");
    // Its body stays (an operator sees what would have gone); it is never taken again.
    expect(settled!.text).toBe(written!.text);
    const again = await deliverDueTexts();
    expect(again).toMatchObject({ sent: 0, failed: 0 });
    expect(codeRows(phone.e164)[0]).toEqual(settled);
    // Counted as its own status, not as sent nor failing.
    const page = outboxPage("unsent");
    expect(page.rows.some((row) => row.to === phone.e164 && row.status === "unsent")).toBe(true);
    expect(outboxPage("sent").rows.some((row) => row.to === phone.e164)).toBe(false);
    expect(outboxPage("failing").rows.some((row) => row.to === phone.e164)).toBe(false);
    expect(page.counts.unsent).toBeGreaterThanOrEqual(1);
    expect(page.texting).toBe(false);
    // Not resendable: nothing could send it.
    const admin = await createAdmin(`truth-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
    expect(() => resendEmail(admin, settled!.id)).toThrow(
      expect.objectContaining({ key: "outbox.errors.noTextProvider" }),
    );
  });

  it("the same text goes out normally through the Twilio stand-in: sent, its body erased", async () => {
    const user = await resident();
    const phone = newPhone();
    await saveProfile(user.id, { ...PROFILE, phone: phone.e164 });
    const code = /(\d{6})/.exec(codeRows(phone.e164)[0]!.text)![1]!;
    const report = await deliverDueTexts(
      createTwilioSender({ accountSid: SID, authToken: TOKEN, from: "+15145550000", apiBase: sms.url }),
    );
    expect(report.sent).toBeGreaterThanOrEqual(1);
    expect(sms.received.filter((m) => m.to === phone.e164).map((m) => m.body)).toEqual([expect.stringContaining(code)]);
    const [sent] = codeRows(phone.e164);
    expect(sent).toMatchObject({ notSent: null, text: "" });
    expect(sent!.sentAt).not.toBeNull();
    expect(outboxStatus(sent!)).toBe("sent");
  });

  it("verification codes are masked for every admin: on the list and in the page's data", async () => {
    const user = await resident();
    const phone = newPhone();
    await saveProfile(user.id, { ...PROFILE, phone: phone.e164 });
    await deliverDueTexts();
    const code = /(\d{6})/.exec(codeRows(phone.e164)[0]!.text)![1]!;
    const listed = outboxPage(null).rows.find((row) => row.to === phone.e164)!;
    expect(listed.subject).not.toContain(code);
    expect(listed.subject).not.toMatch(/\d{4,}/);
    expect(listed.subject).toContain("••••••");
    const admin = await createAdmin(`mask-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
    const cookie = (await createUserSession(admin.id)).get("Set-Cookie")!.split(";")[0]!;
    for (const search of ["", "?status=unsent"]) {
      const data = await outboxLoader({
        request: new Request(`http://localhost:3000/admin/outbox${search}`, { headers: { Cookie: cookie } }),
        params: {},
        context: {},
      });
      const json = JSON.stringify(data);
      // The number as an admin reads it (lib/phone), the code never.
      expect(json).toContain(formatPhoneNational(phone.e164));
      expect(json).not.toContain(code);
    }
  });

  it("reminders and alerts go by e-mail to a resident who chose texts, and no text is written", async () => {
    const user = await resident();
    const phone = newPhone();
    db.update(schema.users)
      .set({ phone: phone.e164, phoneVerifiedAt: Date.now(), reminderChannels: "both" })
      .where(eq(schema.users.id, user.id))
      .run();
    const date = addDays(dateKey(Date.now()), 400 + (Date.now() % 50));
    const slot = db
      .insert(schema.pickupSlots)
      .values({
        date,
        window: "morning",
        startsAt: windowStart(date, "morning"),
        endsAt: windowEnd(date, "morning"),
        maxCapacity: 20,
        serviceAreas: "[]",
        createdAt: Date.now(),
      })
      .onConflictDoUpdate({ target: [schema.pickupSlots.date, schema.pickupSlots.window], set: { closed: false } })
      .returning()
      .get();
    db.insert(schema.pickupRequests)
      .values({
        confirmationNumber: `TRUTH-${Date.now().toString(36).toUpperCase()}`,
        userId: user.id,
        pickupSlotId: slot.id,
        bagsRequested: 1,
        listPriceCents: 1500,
        subtotalCents: 1500,
        gstCents: 75,
        qstCents: 150,
        totalCents: 1725,
        address: "100 Rue Saint-Denis, Montréal, QC H2X 3K2",
        postalFsa: "H2X",
        status: "Scheduled",
        updatedAt: Date.now(),
      })
      .run();
    const at = reminderWindow(date).from;
    setNow(at);
    try {
      await queueDueReminders(at);
    } finally {
      setNow(null);
    }
    const mine = (to: string, kind: string) =>
      db
        .select()
        .from(o)
        .where(and(eq(o.to, to), eq(o.kind, kind)))
        .all();
    expect(mine(user.email, "pickup-reminder")).toHaveLength(1);
    expect(mine(phone.e164, "pickup-reminder")).toHaveLength(0);
    const admin = await createAdmin(`alert-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
    sendAlert(admin.id, {
      messageEn: "Late truck.",
      messageFr: "Camion en retard.",
      date,
      window: "morning",
      prefixes: [],
      idempotencyKey: `truth-${Date.now()}`,
    });
    expect(mine(user.email, "service-alert")).toHaveLength(1);
    expect(mine(phone.e164, "service-alert")).toHaveLength(0);
  });

  it("texts are refused as a reminder channel, with a clear reason; e-mail is saved", async () => {
    const user = await resident();
    for (const channel of ["sms", "both"] as const) {
      await expect(saveProfile(user.id, { ...PROFILE, reminderChannels: channel })).rejects.toThrow(TextsOffError);
    }
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.reminderChannels).toBe("email");
    await saveProfile(user.id, { ...PROFILE, reminderChannels: "email", remindersEnabled: false });
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.remindersEnabled).toBe(false);
  });
});
