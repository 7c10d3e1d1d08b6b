// Issue 35 on a real SQLite file: the day-before reminder written once per pickup, date and channel (two
// runs at the same instant, runs in other processes, `npm run reminders -- --at …` twice), opting out, the
// one-click unsubscribe signed out and refused when tampered with, texts through a Twilio stand-in (a
// failure retried), STOP with a valid and a bad signature, and a service alert reaching exactly its
// residents, once.
import { spawn } from "node:child_process";
import { and, eq } from "drizzle-orm";
import twilio from "twilio";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { startSmtpStandIn } from "./smtp-stand-in";
import { startTwilioStandIn } from "./twilio-stand-in";

const SID = "AC00000000000000000000000000000035";
const TOKEN = "stand-in-auth-token";
const smtp = await startSmtpStandIn();
const sms = await startTwilioStandIn(SID, TOKEN);
process.env.SMTP_URL = smtp.url;
process.env.APP_URL = "https://pickup.example.ca";
process.env.TWILIO_ACCOUNT_SID = SID;
process.env.TWILIO_AUTH_TOKEN = TOKEN;
process.env.TWILIO_FROM = "+15145550000";
process.env.TWILIO_API_BASE = sms.url;

const { setNow } = await import("~/lib/clock");
const { addDays, dateKey, windowEnd, windowStart } = await import("~/lib/dates");
const { reminderWindow } = await import("~/lib/reminders");
const { db, schema } = await import("~/services/platform/db.server");
const { queueDueReminders } = await import("~/services/notices/reminders.server");
const outbox = await import("~/services/platform/outbox.server");
const { createTwilioSender } = await import("~/services/platform/sms.server");
const { unsubscribeLink } = await import("~/services/platform/unsubscribe.server");
const { sendAlert } = await import("~/services/admin/alerts.server");
const { notificationsFor } = await import("~/services/pickups/notifications.server");
const { createAdmin } = await import("~/services/accounts/accounts.server");
const unsubscribeRoute = await import("~/routes/unsubscribe.$token");
const inboundRoute = await import("~/routes/api.sms.inbound");
const { resident } = await import("./fixtures");

const o = schema.emailOutbox;
const MINUTE = 60_000;
let n = 0;
let dayAhead = 300;

/** A slot of its own on a far date (nothing else books there), the window asked for. */
function slotOn(date: string, window: "morning" | "afternoon") {
  return db
    .insert(schema.pickupSlots)
    .values({
      date,
      window,
      startsAt: windowStart(date, window),
      endsAt: windowEnd(date, window),
      maxCapacity: 20,
      serviceAreas: "[]",
      createdAt: Date.now(),
    })
    .onConflictDoUpdate({ target: [schema.pickupSlots.date, schema.pickupSlots.window], set: { closed: false } })
    .returning()
    .all()[0]!;
}

function freshDate() {
  dayAhead += 3;
  return addDays(dateKey(Date.now()), dayAhead);
}

function pickupFor(
  user: { id: number; postalFsa: string },
  slotId: number,
  status: "Scheduled" | "Cancelled" | "Completed" = "Scheduled",
) {
  n += 1;
  return db
    .insert(schema.pickupRequests)
    .values({
      confirmationNumber: `RMD${String(n).padStart(2, "0")}-${Date.now().toString(36).toUpperCase()}`,
      userId: user.id,
      pickupSlotId: slotId,
      bagsRequested: 2,
      listPriceCents: 2400,
      subtotalCents: 2400,
      gstCents: 120,
      qstCents: 239,
      totalCents: 2759,
      address: "100 Rue Saint-Denis, Montréal, QC H2X 3K2",
      postalFsa: user.postalFsa,
      status,
      updatedAt: Date.now(),
    })
    .returning()
    .all()[0]!;
}

const rowsTo = (to: string, kind?: string) =>
  db
    .select()
    .from(o)
    .where(kind ? and(eq(o.to, to), eq(o.kind, kind)) : eq(o.to, to))
    .all();
const mailTo = (to: string) => smtp.received.filter((m) => m.to === to);
const transport = () => outbox.createSmtpTransport(smtp.url, 1000);

afterEach(() => {
  setNow(null);
  vi.restoreAllMocks();
});
afterAll(async () => {
  await smtp.close();
  await sms.close();
});

function runScript(iso: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", "reminders", "--", "--at", iso], {
      cwd: process.cwd(),
      env: { ...process.env, NODE_ENV: "test", MAIL_LOG: "0" },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("close", (code) => resolve({ code, out }));
  });
}

describe("the day-before reminder", () => {
  it("two runs at the same instant write one e-mail per pickup, with its facts, links and unsubscribe headers", async () => {
    const date = freshDate();
    const morning = slotOn(date, "morning");
    const [a, b, cancelled, completed] = [await resident(), await resident(), await resident(), await resident()];
    // A resident without a first name is greeted without one.
    db.update(schema.users).set({ firstName: "" }).where(eq(schema.users.id, b.id)).run();
    const pa = pickupFor(a, morning.id);
    pickupFor(b, slotOn(date, "afternoon").id);
    pickupFor(cancelled, morning.id, "Cancelled");
    pickupFor(completed, morning.id, "Completed");
    const at = reminderWindow(date).from;
    setNow(at - MINUTE);
    expect((await queueDueReminders(at - MINUTE)).date).toBeNull();
    expect(rowsTo(a.email, "pickup-reminder")).toHaveLength(0);
    setNow(at);
    // Two runs at once (a late tick and a catch-up, or two processes), their batches interleaved.
    await Promise.all([queueDueReminders(at), queueDueReminders(at)]);
    expect(rowsTo(a.email, "pickup-reminder")).toHaveLength(1);
    expect(rowsTo(b.email, "pickup-reminder")).toHaveLength(1);
    expect(rowsTo(b.email, "pickup-reminder")[0]!.text).toMatch(/^Hello,/);
    expect(rowsTo(cancelled.email, "pickup-reminder")).toHaveLength(0);
    expect(rowsTo(completed.email, "pickup-reminder")).toHaveLength(0);
    const [row] = rowsTo(a.email, "pickup-reminder");
    // Issue 42: greeted by name, and the signature says where to write (no {{supportEmail}}).
    expect(row!.text).toMatch(/^Hello Marie,/);
    expect(row!.html).toContain("Hello Marie,");
    expect(row!.text).not.toContain("{{");
    expect(row!.text).toMatch(/Write to \S+@\S+\./);
    expect(row!.text).toContain(pa.confirmationNumber);
    expect(row!.text).toContain("8:00 AM");
    expect(row!.text).toContain("2 bags");
    expect(row!.text).toContain(`/order/${pa.confirmationNumber}/cancel`);
    expect(row!.text).toMatch(/leaking batteries/);
    expect(JSON.parse(row!.headers!)).toEqual({
      "List-Unsubscribe": `<${unsubscribeLink(a.id, "reminders")}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    await outbox.deliverDueEmails(transport());
    expect(mailTo(a.email)).toHaveLength(1);
    expect(mailTo(a.email)[0]!.data).toMatch(/List-Unsubscribe-Post: List-Unsubscribe=One-Click/);
    // A pickup moved to another date after its reminder gets one for its new date.
    const later = addDays(date, 1);
    db.update(schema.pickupRequests)
      .set({ pickupSlotId: slotOn(later, "afternoon").id, modifiedAt: at })
      .where(eq(schema.pickupRequests.id, pa.id))
      .run();
    await queueDueReminders(reminderWindow(later).from + 2 * 60 * MINUTE);
    expect(rowsTo(a.email, "pickup-reminder")).toHaveLength(2);
  });

  it("`npm run reminders -- --at …` in two processes (a restart between): each pickup's e-mail delivered once", async () => {
    const date = freshDate();
    const user = await resident();
    pickupFor(user, slotOn(date, "afternoon").id);
    // Down at 17:00, up at 19:00: the catch-up run sends.
    const iso = new Date(reminderWindow(date).from + 2 * 60 * MINUTE).toISOString();
    const [first, concurrent] = await Promise.all([runScript(iso), runScript(iso)]);
    expect(first.code, first.out).toBe(0);
    expect(concurrent.code, concurrent.out).toBe(0);
    const again = await runScript(iso);
    expect(again.code, again.out).toBe(0);
    expect(rowsTo(user.email, "pickup-reminder")).toHaveLength(1);
    expect(mailTo(user.email)).toHaveLength(1);
    expect(mailTo(user.email)[0]!.subject).toMatch(/tomorrow/);
    // Up only on the pickup's morning: nothing.
    const other = await resident();
    pickupFor(other, slotOn(addDays(date, 1), "afternoon").id);
    const morning = await runScript(new Date(reminderWindow(addDays(date, 1)).until + 7 * 60 * MINUTE).toISOString());
    expect(morning.out).toMatch(/No reminders are due/);
    expect(rowsTo(other.email, "pickup-reminder")).toHaveLength(0);
  }, 60_000);

  it("opting out stops them; the unsubscribe link works signed out and is refused when tampered with", async () => {
    const date = freshDate();
    const user = await resident();
    pickupFor(user, slotOn(date, "morning").id);
    const link = unsubscribeLink(user.id, "reminders");
    const token = link.split("/").pop()!;
    /** The route's answer's status (a `data()` answer carries it in its init). */
    const call = async (handler: unknown, t: string, init?: RequestInit) => {
      const answer = (await (handler as (args: object) => Promise<unknown>)({
        request: new Request(`http://localhost/unsubscribe/${t}`, init),
        params: { token: t },
        context: {},
      })) as { status?: number; init?: { status?: number } | null };
      return { status: answer.status ?? answer.init?.status ?? 200 };
    };
    const page = await call(unsubscribeRoute.loader, token);
    expect(page.status).toBe(200);
    const tampered = `${token.slice(0, -2)}${token.endsWith("AA") ? "BB" : "AA"}`;
    expect((await call(unsubscribeRoute.loader, tampered)).status).toBe(400);
    expect((await call(unsubscribeRoute.action, tampered, { method: "POST" })).status).toBe(400);
    const other = `${user.id + 100000}.reminders.${token.split(".")[2]}`;
    expect((await call(unsubscribeRoute.loader, other)).status).toBe(400);
    // RFC 8058: the mail client's POST, signed out.
    const done = await call(unsubscribeRoute.action, token, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
      body: "List-Unsubscribe=One-Click",
    });
    expect(done.status).toBe(200);
    const saved = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!;
    expect(saved.remindersEnabled).toBe(false);
    expect(saved.alertsEnabled).toBe(true);
    await queueDueReminders(reminderWindow(date).from);
    expect(rowsTo(user.email, "pickup-reminder")).toHaveLength(0);
  });
});

describe("the reminder e-mail's unsubscribe stops e-mails only (issue 42)", () => {
  it("a resident on e-mail and text keeps texts: their channel becomes text only, the page says so", async () => {
    const user = await resident();
    const phone = `+1438555${String(1000 + (Date.now() % 9000)).padStart(4, "0")}`;
    db.update(schema.users)
      .set({ phone, phoneVerifiedAt: Date.now(), reminderChannels: "both", smsStoppedAt: null })
      .where(eq(schema.users.id, user.id))
      .run();
    const token = unsubscribeLink(user.id, "reminders").split("/").pop()!;
    for (const [lng, words] of [
      ["en", "keep coming by text message to"],
      ["fr", "continuent d'arriver par texto au"],
    ] as const) {
      const answer = (await (unsubscribeRoute.action as (args: object) => Promise<unknown>)({
        request: new Request(`http://localhost/unsubscribe/${token}`, {
          method: "POST",
          headers: { "Accept-Language": lng === "fr" ? "fr-CA" : "en-CA" },
        }),
        params: { token },
        context: {},
      })) as { data: { state: string; textsKeptTo: string | null } };
      expect(answer.data).toMatchObject({ state: "done", textsKeptTo: phone });
      const { resources } = await import("~/locales/resources");
      expect(resources[lng].reminders.unsubscribe.doneKeepsTexts).toContain(words);
    }
    const saved = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!;
    expect(saved).toMatchObject({ remindersEnabled: true, reminderChannels: "sms" });
    // The next reminder: a text, no e-mail.
    const date = freshDate();
    pickupFor(user, slotOn(date, "morning").id);
    await queueDueReminders(reminderWindow(date).from);
    expect(rowsTo(user.email, "pickup-reminder")).toHaveLength(0);
    expect(rowsTo(phone, "pickup-reminder")).toHaveLength(1);
  });

  it("a resident whom no text can reach (number not verified) has reminders turned off instead", async () => {
    const user = await resident();
    db.update(schema.users)
      .set({ phone: "+14385550199", phoneVerifiedAt: null, reminderChannels: "both" })
      .where(eq(schema.users.id, user.id))
      .run();
    const token = unsubscribeLink(user.id, "reminders").split("/").pop()!;
    const { unsubscribe } = await import("~/services/platform/unsubscribe.server");
    expect(unsubscribe(token)).toMatchObject({ textsKeptTo: null });
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()).toMatchObject({
      remindersEnabled: false,
      reminderChannels: "both",
    });
  });
});

describe("texts", () => {
  const sender = () =>
    createTwilioSender({ accountSid: SID, authToken: TOKEN, from: "+15145550000", apiBase: sms.url });

  it("a reminder by SMS reaches the Twilio stand-in; its failure is retried", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    const date = freshDate();
    const user = await resident();
    const phone = `+1514555${String(1000 + (Date.now() % 9000)).padStart(4, "0")}`;
    db.update(schema.users)
      .set({ phone, phoneVerifiedAt: Date.now(), reminderChannels: "sms" })
      .where(eq(schema.users.id, user.id))
      .run();
    const pickup = pickupFor(user, slotOn(date, "morning").id);
    const at = reminderWindow(date).from;
    setNow(at);
    await queueDueReminders(at);
    expect(rowsTo(user.email, "pickup-reminder")).toHaveLength(0);
    expect(rowsTo(phone)).toHaveLength(1);
    sms.setMood("failing");
    const failed = await outbox.deliverDueTexts(sender());
    expect(failed.failed).toBeGreaterThanOrEqual(1);
    expect(rowsTo(phone)[0]).toMatchObject({ attempts: 1, sentAt: null, nextAttemptAt: at + MINUTE });
    sms.setMood("up");
    setNow(at + MINUTE);
    await outbox.deliverDueTexts(sender());
    await outbox.deliverDueTexts(sender());
    const got = sms.received.filter((m) => m.to === phone);
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toContain(pickup.confirmationNumber);
    expect(got[0]!.from).toBe("+15145550000");
    expect(rowsTo(phone)[0]!.sentAt).toBe(at + MINUTE);
  });

  it("STOP with a valid signature turns texts off for the number; a bad signature is refused (403)", async () => {
    const user = await resident();
    const phone = "+15145559876";
    db.update(schema.users)
      .set({ phone, phoneVerifiedAt: Date.now(), reminderChannels: "sms", smsStoppedAt: null })
      .where(eq(schema.users.id, user.id))
      .run();
    const url = "https://pickup.example.ca/api/sms/inbound";
    const params = { From: phone, To: "+15145550000", Body: "Stop", MessageSid: "SM1", AccountSid: SID };
    const post = (signature: string) =>
      inboundRoute.action({
        request: new Request("http://localhost/api/sms/inbound", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Twilio-Signature": signature },
          body: new URLSearchParams(params).toString(),
        }),
        params: {},
        context: {},
      });
    const bad = await post(twilio.getExpectedTwilioSignature("not-the-token", url, params));
    expect(bad.status).toBe(403);
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.smsStoppedAt).toBeNull();
    const good = await post(twilio.getExpectedTwilioSignature(TOKEN, url, params));
    expect(good.status).toBe(200);
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.smsStoppedAt).not.toBeNull();
    // The next reminder comes by e-mail, not by text.
    const date = freshDate();
    pickupFor(user, slotOn(date, "afternoon").id);
    await queueDueReminders(reminderWindow(date).from);
    expect(rowsTo(phone, "pickup-reminder")).toHaveLength(0);
    expect(rowsTo(user.email, "pickup-reminder")).toHaveLength(1);
  });
});

describe("service alerts", () => {
  it("reach exactly the residents of the date, window and prefixes, once; in the bell; logged with the count", async () => {
    const admin = await createAdmin(`alerts-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
    const date = freshDate();
    const morning = slotOn(date, "morning");
    const afternoon = slotOn(date, "afternoon");
    const inMorning = await resident({ postalCode: "H2X 1A1" });
    const inMorningFr = await resident({ postalCode: "H2T 1B2" });
    db.update(schema.users).set({ locale: "fr" }).where(eq(schema.users.id, inMorningFr.id)).run();
    const inAfternoon = await resident({ postalCode: "H2X 2C3" });
    const otherDay = await resident({ postalCode: "H2X 3K2" });
    const cancelled = await resident({ postalCode: "H2X 3K2" });
    pickupFor(inMorning, morning.id);
    pickupFor(inMorningFr, morning.id);
    pickupFor(inAfternoon, afternoon.id);
    pickupFor(otherDay, slotOn(addDays(date, 1), "morning").id);
    pickupFor(cancelled, morning.id, "Cancelled");
    const message = {
      messageEn: "The truck is running two hours late.",
      messageFr: "Le camion a deux heures de retard.",
    };

    const key = `alert-${Date.now()}-window-test`;
    const sent = sendAlert(admin.id, { ...message, date, window: "morning", prefixes: [], idempotencyKey: key });
    expect(sent).toEqual({ status: "sent", recipients: 2 });
    expect(sendAlert(admin.id, { ...message, date, window: "morning", prefixes: [], idempotencyKey: key })).toEqual({
      status: "duplicate",
      recipients: 2,
    });
    expect(rowsTo(inMorning.email, "service-alert")).toHaveLength(1);
    expect(rowsTo(inMorning.email, "service-alert")[0]!.text).toContain("two hours late");
    expect(rowsTo(inMorningFr.email, "service-alert")[0]!.text).toContain("deux heures de retard");
    for (const u of [inAfternoon, otherDay, cancelled]) expect(rowsTo(u.email, "service-alert")).toHaveLength(0);
    expect(notificationsFor(inMorning.id).some((x) => x.type === "service_alert")).toBe(true);
    expect(notificationsFor(inAfternoon.id).some((x) => x.type === "service_alert")).toBe(false);
    const log = db
      .select()
      .from(schema.adminActivity)
      .where(and(eq(schema.adminActivity.adminUserId, admin.id), eq(schema.adminActivity.action, "alert.send")))
      .all();
    expect(log.map((entry) => JSON.parse(entry.detail))).toEqual([{ date, count: 2 }]);

    // By postal prefix, both windows: the H2X residents of the date.
    const byPrefix = sendAlert(admin.id, {
      ...message,
      date,
      window: null,
      prefixes: ["H2X"],
      idempotencyKey: `${key}-fsa`,
    });
    expect(byPrefix.recipients).toBe(2);
    expect(rowsTo(inAfternoon.email, "service-alert")).toHaveLength(1);
    expect(rowsTo(inMorningFr.email, "service-alert")).toHaveLength(1);
  });
});
