// Issue 21, part 4: forgot-password tells nobody who has an account, and reset tokens reach no log.
// A fake mail server on a local port stands in for SMTP_URL: first it never answers (not even its
// greeting), then it accepts every message, so the e-mail really goes out and its body leaves the outbox.
import net from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { STAND_IN_IDENTITY } from "../../scripts/stand-in-identity.mjs";

let mode: "silent" | "answer" = "silent";
const messages: string[] = [];
const sockets = new Set<net.Socket>();
const mailServer = net.createServer((socket) => {
  sockets.add(socket);
  socket.on("close", () => sockets.delete(socket));
  socket.on("error", () => {});
  if (mode === "silent") return; // Accepts the connection, then says nothing, ever.
  socket.write("220 fake ESMTP\r\n");
  let buffer = "";
  let body: string[] | null = null;
  socket.on("data", (chunk) => {
    buffer += chunk.toString("utf8");
    let end: number;
    while ((end = buffer.indexOf("\r\n")) >= 0) {
      const line = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (body) {
        if (line === ".") {
          messages.push(body.join("\n"));
          body = null;
          socket.write("250 2.0.0 queued\r\n");
        } else body.push(line);
        continue;
      }
      const verb = line.slice(0, 4).toUpperCase();
      if (verb === "DATA") {
        body = [];
        socket.write("354 go ahead\r\n");
      } else if (verb === "QUIT") socket.end("221 bye\r\n");
      else socket.write("250 OK\r\n");
    }
  });
});
await new Promise<void>((resolve) => mailServer.listen(0, "127.0.0.1", resolve));
process.env.SMTP_URL = `smtp://127.0.0.1:${(mailServer.address() as net.AddressInfo).port}`;
// The mail log on, as outside production: it must still carry no token.
process.env.MAIL_LOG = "1";

const { setNow } = await import("~/lib/clock");
const { db, schema } = await import("~/services/platform/db.server");
const { registerUser, purgeExpiredResetEmails, RESET_TOKEN_TTL_MS } =
  await import("~/services/accounts/accounts.server");
const { sha256 } = await import("~/services/accounts/passwords.server");
const { resetRateLimits } = await import("~/services/http/rate-limit.server");
const { action: apiForgot } = await import("~/routes/api.auth.forgot-password");
const { action: pageForgot } = await import("~/routes/forgot-password");
const { startOutboxWorker, stopOutboxWorker } = await import("~/services/platform/outbox.server");

beforeEach(() => {
  // The mail log is on (see above): keep it out of the test output.
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  vi.restoreAllMocks();
  setNow(null);
  resetRateLimits();
});
afterAll(async () => {
  for (const socket of sockets) socket.destroy();
  await new Promise((resolve) => mailServer.close(resolve));
});

let n = 0;
async function account() {
  n += 1;
  const email = `forgot-${n}-${Date.now()}@bell.net`;
  await registerUser({ email, password: "sorting-day-1", locale: "en" });
  return email;
}

const outboxOf = (to: string) => db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).all();

/** Calls the JSON endpoint or the page's form action; answers the status and how long it took. */
async function forgot(via: "api" | "page", email: string) {
  resetRateLimits(); // Timing, not limits, is measured here (5 resets a quarter-hour per client).
  const started = performance.now();
  const request =
    via === "api"
      ? new Request("http://localhost/api/auth/forgot-password", {
          method: "POST",
          headers: { "Content-Type": "application/json", "Accept-Language": "en-CA" },
          body: JSON.stringify({ email }),
        })
      : new Request("http://localhost/forgot-password", {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", "Accept-Language": "en-CA" },
          body: new URLSearchParams({ email }).toString(),
        });
  const handler = via === "api" ? apiForgot : pageForgot;
  const answer = (await handler({ request, params: {}, context: {} })) as Response;
  return { status: answer.status, ms: performance.now() - started };
}

/** Quoted-printable and base64 parts decoded, so a token is found whatever encoding nodemailer chose. */
function decoded(message: string) {
  const qp = message
    .replace(/=\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  const base64 = [...message.matchAll(/^([A-Za-z0-9+/=]{20,}\n?)+/gm)]
    .map((m) => Buffer.from(m[0].replace(/\n/g, ""), "base64").toString("utf8"))
    .join("\n");
  return `${qp}\n${base64}`;
}

describe("forgot-password with a mail server that never answers", () => {
  it.each(["api", "page"] as const)(
    "answers at once, the same for a known and an unknown address (%s)",
    async (via) => {
      mode = "silent";
      const known = await account();
      const unknown = `nobody-${Date.now()}@bell.net`;
      // Warm up the route (translations, statements) so the first call's set-up is not what is measured.
      await forgot(via, `warm-${Date.now()}@bell.net`);
      const knownRuns: number[] = [];
      const unknownRuns: number[] = [];
      for (let i = 0; i < 3; i += 1) {
        const a = await forgot(via, known);
        const b = await forgot(via, unknown);
        expect(a.status).toBe(b.status);
        knownRuns.push(a.ms);
        unknownRuns.push(b.ms);
      }
      const median = (runs: number[]) => [...runs].sort((x, y) => x - y)[1]!;
      // Not waiting for the silent server (its greeting timeout alone is 30 s) and no timing tell.
      expect(Math.max(...knownRuns)).toBeLessThan(500);
      expect(Math.abs(median(knownRuns) - median(unknownRuns))).toBeLessThan(50);
      // The e-mail is queued: in the outbox, not sent.
      const rows = outboxOf(known);
      expect(rows).toHaveLength(3);
      for (const row of rows) {
        expect(row.kind).toBe("password-reset");
        expect(row.sentAt).toBeNull();
        expect(row.text).toContain("/reset-password?token=");
      }
      expect(outboxOf(unknown)).toHaveLength(0);
    },
  );
});

describe("reset tokens at rest", () => {
  it("a sent reset e-mail keeps no body in the outbox, and no token reaches the console", async () => {
    mode = "answer";
    const printed: string[] = [];
    const spies = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        printed.push(args.map(String).join(" "));
      }),
    );
    // The outbox worker sends it (as on the primary after start-up).
    startOutboxWorker();
    try {
      const email = await account();
      const before = messages.length;
      expect((await forgot("api", email)).status).toBe(200);
      await vi.waitFor(() => expect(outboxOf(email)[0]?.sentAt).toBeTruthy(), { timeout: 10_000, interval: 50 });
      // The message really went out with its link...
      const sent = messages.slice(before).map(decoded).join("\n");
      const token = /reset-password\?token=([A-Za-z0-9_-]{20,})/.exec(sent)?.[1];
      expect(token).toBeTruthy();
      const row = db
        .select()
        .from(schema.passwordResetTokens)
        .where(eq(schema.passwordResetTokens.tokenHash, sha256(token!)))
        .get();
      expect(row).toBeTruthy();
      // ...and the outbox keeps who and what, not the body.
      const [mail] = outboxOf(email);
      expect(mail).toMatchObject({ kind: "password-reset", text: "", html: null, error: null });
      const everyRow = JSON.stringify(db.select().from(schema.emailOutbox).all());
      expect(everyRow).not.toContain(token);
      // The mail log printed the e-mail, its token redacted.
      expect(printed.join("\n")).toContain(`[mail] to=${email}`);
      expect(printed.join("\n")).toContain("token=[redacted]");
      expect(printed.join("\n")).not.toContain(token);
    } finally {
      await stopOutboxWorker();
      for (const spy of spies) spy.mockRestore();
    }
  });

  it("a reset e-mail not sent yet loses its body once its link has expired", async () => {
    mode = "silent";
    const email = await account();
    await forgot("api", email);
    expect(outboxOf(email)[0]!.text).toContain("token=");
    setNow(Date.now() + RESET_TOKEN_TTL_MS - 60_000);
    purgeExpiredResetEmails();
    expect(outboxOf(email)[0]!.text).toContain("token=");
    setNow(Date.now() + RESET_TOKEN_TTL_MS + 60_000);
    purgeExpiredResetEmails();
    expect(outboxOf(email)[0]).toMatchObject({ text: "", html: null });
  });

  it("the mail log is off by default in production", async () => {
    const saved = { NODE_ENV: process.env.NODE_ENV, MAIL_LOG: process.env.MAIL_LOG, APP_URL: process.env.APP_URL };
    try {
      process.env.NODE_ENV = "production";
      // Production refuses to start without it, and with the placeholder identity.
      process.env.APP_URL = "https://recircle.example";
      Object.assign(process.env, STAND_IN_IDENTITY);
      delete process.env.MAIL_LOG;
      vi.resetModules();
      expect((await import("~/services/platform/config.server")).env.MAIL_LOG).toBe("0");
      process.env.NODE_ENV = "development";
      vi.resetModules();
      expect((await import("~/services/platform/config.server")).env.MAIL_LOG).toBe("1");
    } finally {
      process.env.NODE_ENV = saved.NODE_ENV;
      process.env.MAIL_LOG = saved.MAIL_LOG;
      if (saved.APP_URL === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = saved.APP_URL;
      for (const name of Object.keys(STAND_IN_IDENTITY)) delete process.env[name];
      vi.resetModules();
    }
  });
});
