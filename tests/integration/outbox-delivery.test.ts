// Issue 22, part 2: an outbox that delivers. A mail server stand-in (smtp-stand-in.ts) is down, silent or
// up; the clock is fixed and moved by hand through the retry schedule (1 min, 5 min, 30 min, 2 h, daily).
import { spawn } from "node:child_process";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { startSmtpStandIn } from "./smtp-stand-in";

const smtp = await startSmtpStandIn();
// The worker's own transport (started in the silent test) gives up on a silent server after 1.5 s: longer
// than the booking may take, so a booking that waited for the mail server would fail the test.
process.env.SMTP_URL = smtp.url;
process.env.SMTP_TIMEOUT_MS = "1500";

const { setNow } = await import("~/lib/clock");
const { db, schema } = await import("~/services/platform/db.server");
const { payWithSimulatedCard } = await import("~/services/checkout/simulated-card.server");
const { createAdmin, requestPasswordReset, RESET_TOKEN_TTL_MS } = await import("~/services/accounts/accounts.server");
const outbox = await import("~/services/platform/outbox.server");
const { CARD, resident, slot } = await import("./fixtures");
const admin = await createAdmin(`outbox-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");

const MINUTE = 60_000;
const o = schema.emailOutbox;
const rowsTo = (to: string) => db.select().from(o).where(eq(o.to, to)).orderBy(o.id).all();
const receivedBy = (to: string) => smtp.received.filter((m) => m.to === to);
/** A transport of its own, as a second worker (or process) would have. */
const transport = () => outbox.createSmtpTransport(smtp.url, 300);

let t0 = 0;
beforeEach(async () => {
  t0 = Date.now();
  setNow(t0);
  await smtp.setMood("up");
  // Failures are logged on purpose here.
  vi.spyOn(console, "error").mockImplementation(() => {});
});
afterEach(async () => {
  await outbox.stopOutboxWorker();
  vi.restoreAllMocks();
  setNow(null);
});
afterAll(() => smtp.close());

/** Everything due now is sent by one worker run; rows of earlier tests are sent along and not counted. */
async function drain() {
  return outbox.deliverDueEmails(transport());
}

describe("SMTP down, then up", () => {
  it("a booking's confirmation and a reset link are each delivered once, on the retry schedule", async () => {
    await smtp.setMood("down");
    const user = await resident();
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    await requestPasswordReset(user.email, "http://localhost:3000", "en");
    const kinds = rowsTo(user.email).map((row) => row.kind);
    expect(kinds).toEqual(["booking-confirmed", "password-reset"]);

    await drain();
    for (const row of rowsTo(user.email)) {
      expect(row).toMatchObject({ sentAt: null, attempts: 1, nextAttemptAt: t0 + MINUTE, claimToken: null });
      expect(row.error).toBeTruthy();
    }
    // Not due before its time: not tried.
    setNow(t0 + MINUTE - 1);
    await drain();
    expect(rowsTo(user.email).map((row) => row.attempts)).toEqual([1, 1]);

    setNow(t0 + MINUTE);
    await drain();
    expect(rowsTo(user.email).map((row) => [row.attempts, row.nextAttemptAt])).toEqual([
      [2, t0 + 6 * MINUTE],
      [2, t0 + 6 * MINUTE],
    ]);

    await smtp.setMood("up");
    setNow(t0 + 6 * MINUTE);
    await drain();
    const delivered = receivedBy(user.email);
    expect(delivered).toHaveLength(2);
    expect(delivered[0]!.subject).toContain(pickup.confirmationNumber);
    expect(delivered[1]!.data).toContain("reset-password");
    for (const row of rowsTo(user.email)) {
      expect(row).toMatchObject({ attempts: 3, sentAt: t0 + 6 * MINUTE, text: "", html: null, error: null });
    }
    // Nothing is sent twice, however often the worker runs later.
    setNow(t0 + 2 * 24 * 60 * MINUTE);
    await drain();
    await drain();
    expect(receivedBy(user.email)).toHaveLength(2);
  });

  it("a message that keeps failing is retried daily, then given up three days after it was written", async () => {
    await smtp.setMood("down");
    const user = await resident();
    await payWithSimulatedCard(user, { bags: 2, slotId: slot().id }, CARD);
    const tries: number[] = [];
    for (let at = t0; ;) {
      setNow(at);
      await drain();
      tries.push(at - t0);
      const row = rowsTo(user.email)[0]!;
      if (row.nextAttemptAt === null) break;
      at = row.nextAttemptAt;
    }
    const DAY = 24 * 60 * MINUTE;
    expect(tries).toEqual([0, 1, 6, 36, 156, 156 + 24 * 60, 156 + 48 * 60].map((m) => m * MINUTE));
    expect(tries.at(-1)! + DAY).toBeGreaterThan(3 * DAY);
    expect(rowsTo(user.email)[0]).toMatchObject({ attempts: 7, sentAt: null });
    expect(rowsTo(user.email)[0]!.text).not.toBe("");
  });
});

describe("a silent mail server", () => {
  it("the booking answers at once, the worker gives up on the greeting in seconds and retries later", async () => {
    await smtp.setMood("silent");
    expect(outbox.startOutboxWorker()).toBe(true);
    const user = await resident();
    const s = slot();
    const started = performance.now();
    await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD);
    const took = performance.now() - started;
    expect(took).toBeLessThan(1000);
    // Kicked right after the booking: it tries, the greeting times out (SMTP_TIMEOUT_MS), retried in a minute.
    await vi.waitFor(() => expect(rowsTo(user.email)[0]!.attempts).toBe(1), { timeout: 5000, interval: 50 });
    const [row] = rowsTo(user.email);
    expect(row!.error).toMatch(/greeting|timeout/i);
    expect(row).toMatchObject({ sentAt: null, nextAttemptAt: t0 + MINUTE, claimToken: null });
    await outbox.stopOutboxWorker();
    await smtp.setMood("up");
    setNow(t0 + MINUTE);
    await drain();
    expect(receivedBy(user.email)).toHaveLength(1);
  });
});

describe("two workers", () => {
  it("racing over the same rows send each e-mail once", async () => {
    const users = await Promise.all([resident(), resident(), resident()]);
    for (const user of users) await requestPasswordReset(user.email, "http://localhost:3000", "en");
    for (const user of users) await requestPasswordReset(user.email, "http://localhost:3000", "fr");
    const [a, b] = await Promise.all([drain(), drain()]);
    expect(a.sent + b.sent).toBeGreaterThanOrEqual(6);
    for (const user of users) {
      expect(receivedBy(user.email)).toHaveLength(2);
      expect(rowsTo(user.email).every((row) => row.sentAt !== null)).toBe(true);
    }
  });

  it("in two processes over one database send each e-mail once", async () => {
    await drain(); // Rows of earlier tests out of the way.
    const users = await Promise.all(Array.from({ length: 4 }, () => resident()));
    for (let round = 0; round < 10; round += 1) {
      for (const user of users) await requestPasswordReset(user.email, "http://localhost:3000", "en");
    }
    // A slow server (50 ms a message), so that both workers are busy at the same time.
    smtp.setAcceptDelay(50);
    const child = spawn(
      process.execPath,
      ["node_modules/tsx/dist/cli.mjs", "tests/integration/outbox-worker-process.ts"],
      {
        env: { ...process.env, SMTP_URL: smtp.url, VITEST: "" },
      },
    );
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const exited = new Promise((resolve) => child.on("exit", resolve));
    try {
      await vi.waitFor(() => expect(output).toContain("ready"), { timeout: 20_000, interval: 20 });
      child.stdin.write("go\n");
      const here = await drain();
      await exited;
      const there = JSON.parse(output.trim().split("\n").at(-1)!) as { sent: number };
      // Both took part, and together they sent each message once.
      expect(here.sent).toBeGreaterThan(0);
      expect(there.sent).toBeGreaterThan(0);
      expect(here.sent + there.sent).toBe(40);
      for (const user of users) {
        expect(receivedBy(user.email)).toHaveLength(10);
        expect(rowsTo(user.email).every((row) => row.sentAt !== null)).toBe(true);
      }
    } finally {
      smtp.setAcceptDelay(0);
      child.kill();
    }
  });

  it("a claim is left alone while fresh and taken over once stale (a worker that died mid-send)", async () => {
    const user = await resident();
    await requestPasswordReset(user.email, "http://localhost:3000", "en");
    const [row] = rowsTo(user.email);
    db.update(o).set({ claimToken: "dead-worker", claimedAt: t0 }).where(eq(o.id, row!.id)).run();
    setNow(t0 + 4 * MINUTE);
    await drain();
    expect(receivedBy(user.email)).toHaveLength(0);
    setNow(t0 + 6 * MINUTE);
    await drain();
    expect(receivedBy(user.email)).toHaveLength(1);
    expect(rowsTo(user.email)[0]).toMatchObject({ claimToken: null, text: "" });
  });

  it("a few in flight at once; a worker told to stop gives back what it claimed and did not send", async () => {
    await drain(); // Rows of earlier tests out of the way.
    const users = await Promise.all(Array.from({ length: 20 }, () => resident()));
    for (const user of users) await requestPasswordReset(user.email, "http://localhost:3000", "en");
    smtp.setAcceptDelay(50);
    let handed = 0;
    let most = 0;
    let inFlight = 0;
    const counting = transport();
    const report = await outbox.deliverDueEmails(
      {
        sendMail: async (mail) => {
          handed += 1;
          most = Math.max(most, ++inFlight);
          try {
            return await counting.sendMail(mail);
          } finally {
            inFlight -= 1;
          }
        },
      },
      () => handed >= 3,
    );
    smtp.setAcceptDelay(0);
    // Several were on their way at once; each one handed over was settled as sent, the rest not tried.
    expect(most).toBeGreaterThan(1);
    expect(report).toEqual({ sent: handed, failed: 0, expired: 0, notSent: 0 });
    expect(handed).toBeLessThan(20);
    const rows = users.flatMap((user) => rowsTo(user.email));
    expect(rows.filter((row) => row.sentAt !== null)).toHaveLength(handed);
    // Nothing is left claimed: the next run takes the rest at once, not after the stale-claim delay.
    expect(rows.filter((row) => row.claimToken !== null)).toEqual([]);
    expect((await drain()).sent).toBe(20 - handed);
    for (const user of users) expect(receivedBy(user.email)).toHaveLength(1);
  });
});

describe("a reset e-mail whose link has expired", () => {
  it("is not sent late: marked expired, its body erased", async () => {
    await smtp.setMood("down");
    const user = await resident();
    await requestPasswordReset(user.email, "http://localhost:3000", "en");
    expect(rowsTo(user.email)[0]).toMatchObject({
      expiresAt: t0 + RESET_TOKEN_TTL_MS,
      origin: "http://localhost:3000",
    });
    await drain();
    await smtp.setMood("up");
    setNow(t0 + RESET_TOKEN_TTL_MS + MINUTE);
    const report = await drain();
    expect(report.expired).toBeGreaterThanOrEqual(1);
    expect(receivedBy(user.email)).toHaveLength(0);
    expect(rowsTo(user.email)[0]).toMatchObject({
      sentAt: null,
      text: "",
      html: null,
      nextAttemptAt: null,
      error: outbox.EXPIRED_ERROR,
    });
  });
});

describe("the outbox row is written in the booking's transaction", () => {
  it("a booking whose e-mail cannot be written books nothing", async () => {
    const user = await resident();
    const s = slot();
    db.run(
      `create temp trigger refuse_outbox before insert on email_outbox when new."to" = '${user.email}' begin select raise(abort, 'outbox refused'); end`,
    );
    try {
      await expect(payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD)).rejects.toThrow();
    } finally {
      db.run("drop trigger refuse_outbox");
    }
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).all()).toEqual([]);
    expect(db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, s.id)).get()!.currentBooked).toBe(0);
    expect(rowsTo(user.email)).toEqual([]);
  });

  it("a booking writes its confirmation with the origin of its link", async () => {
    const user = await resident();
    await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    const [row] = rowsTo(user.email);
    expect(row).toMatchObject({ kind: "booking-confirmed", sentAt: null, attempts: 0, expiresAt: null });
    expect(row!.origin).toMatch(/^https?:\/\/[^/]+$/);
    expect(row!.text).toContain(`${row!.origin}/order/`);
  });
});

describe("where the worker runs", () => {
  it("on the primary only", () => {
    expect(outbox.isOutboxPrimary({ OUTBOX_WORKER: "1" })).toBe(true);
    expect(outbox.isOutboxPrimary({ OUTBOX_WORKER: "0" })).toBe(false);
    expect(outbox.isOutboxPrimary({ OUTBOX_WORKER: "1", FLY_REGION: "yul", PRIMARY_REGION: "yul" })).toBe(true);
    expect(outbox.isOutboxPrimary({ OUTBOX_WORKER: "1", FLY_REGION: "yyz", PRIMARY_REGION: "yul" })).toBe(false);
  });
});

describe("a message written while mail was off", () => {
  it("is not sent more than three days later, but an admin may resend it", async () => {
    const { resendEmail } = await import("~/services/admin/outbox-list.server");
    const user = await resident();
    await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    setNow(t0 + 3 * 24 * 60 * MINUTE + 1);
    expect((await drain()).expired).toBeGreaterThanOrEqual(1);
    expect(receivedBy(user.email)).toHaveLength(0);
    const [row] = rowsTo(user.email);
    expect(row).toMatchObject({
      sentAt: null,
      attempts: 1,
      nextAttemptAt: null,
      error: "Not sent: written more than 3 days ago",
    });
    expect(row!.text).not.toBe("");
    resendEmail(admin, row!.id);
    await drain();
    expect(receivedBy(user.email)).toHaveLength(1);
  });
});

describe("the admin outbox", () => {
  it("lists by status and resends a failing message now; a sent one or an expired link is refused", async () => {
    const { outboxPage, resendEmail } = await import("~/services/admin/outbox-list.server");
    await smtp.setMood("down");
    const user = await resident();
    await payWithSimulatedCard(user, { bags: 1, slotId: slot().id }, CARD);
    await requestPasswordReset(user.email, "http://localhost:3000", "en");
    await drain();
    const [confirmation, reset] = rowsTo(user.email);
    const listed = outboxPage("failing").rows.filter((row) => row.to === user.email);
    expect(listed.map((row) => [row.id, row.status, row.attempts, row.resendable])).toEqual([
      [reset!.id, "failing", 1, true],
      [confirmation!.id, "failing", 1, true],
    ]);
    expect(listed[0]!.error).toBeTruthy();
    expect(outboxPage("sent").rows.some((row) => row.to === user.email)).toBe(false);

    // Resend: due now, not in a minute.
    await smtp.setMood("up");
    setNow(t0 + 10_000);
    expect(resendEmail(admin, confirmation!.id)).toEqual({ to: user.email });
    await drain();
    expect(receivedBy(user.email)).toHaveLength(1);
    const logged = db.select().from(schema.adminActivity).where(eq(schema.adminActivity.adminUserId, admin.id)).all();
    expect(logged.at(-1)).toMatchObject({ action: "email.resend" });
    expect(JSON.parse(logged.at(-1)!.detail)).toEqual({ locale: "en", to: user.email, subject: confirmation!.subject });
    expect(outboxPage("sent").rows.find((row) => row.id === confirmation!.id)).toMatchObject({ resendable: false });
    expect(() => resendEmail(admin, confirmation!.id)).toThrow(expect.objectContaining({ key: "outbox.errors.sent" }));

    // The reset link expires before anyone resends it: refused, and the page says why.
    setNow(t0 + RESET_TOKEN_TTL_MS + 1);
    const expired = outboxPage(null).rows.find((row) => row.id === reset!.id)!;
    expect(expired).toMatchObject({ resendable: false, linkExpired: true });
    expect(() => resendEmail(admin, reset!.id)).toThrow(expect.objectContaining({ key: "outbox.errors.linkExpired" }));
    expect(() => resendEmail(admin, 999_999)).toThrow(expect.objectContaining({ key: "outbox.errors.notFound" }));
    expect(receivedBy(user.email)).toHaveLength(1);
  });
});
