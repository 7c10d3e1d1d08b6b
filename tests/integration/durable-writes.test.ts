// A write that failed never answers success (issue 22, part 1). The disk is "filled" with SQLite's own
// limit: max_page_count held at the file's size and a filler table taking every free page, so the next
// write that needs a page fails with SQLITE_FULL, as on a full filesystem. Each path that used to answer
// success (payment row, profile, account, outbox) throws, leaves nothing half-written, and succeeds once
// the limit is raised; the web edge answers such an error 503 with Retry-After.
import { eq, sql } from "drizzle-orm";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it, vi } from "vitest";
import * as profileApi from "~/routes/api.auth.profile";
import * as profilePage from "~/routes/profile/route";
import { registerUser, requestPasswordReset } from "~/services/accounts/accounts.server";
import { updateProfile } from "~/services/accounts/profile.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { answerDatabaseFaults } from "~/services/http/database-fault.server";
import { createUserSession } from "~/services/http/current-user.server";
import { env } from "~/services/platform/config.server";
import { databaseFault, db, durably, schema, sqlite } from "~/services/platform/db.server";
import { RESIDENT_PROFILE } from "../resident-profile";
import { resident, routeAnswer, slot } from "./fixtures";

const SQLITE_DEFAULT_MAX_PAGES = 4294967294;

/** Holds the database at its size and fills its free pages: the next write needing a page fails. */
function fillDisk() {
  const connection = sqlite();
  connection.exec("create table if not exists disk_filler (blob text)");
  connection.pragma(`max_page_count = ${connection.pragma("page_count", { simple: true })}`);
  for (const size of [3000, 500, 50]) {
    try {
      for (;;) connection.prepare("insert into disk_filler values (?)").run("x".repeat(size));
    } catch (error) {
      expect(databaseFault(error)).toBe("full");
    }
  }
}

function freeDisk() {
  sqlite().pragma(`max_page_count = ${SQLITE_DEFAULT_MAX_PAGES}`);
  sqlite().exec("drop table if exists disk_filler");
}

afterEach(freeDisk);

/**
 * Calls `write(i)` for i = 0, 1, … on the full disk until one throws (a write may still fit in a page
 * with room). Every call that answered must have stored its row; the one that threw must be SQLITE_FULL
 * and have stored nothing. Answers the i of the call that threw.
 */
async function writeUntilFull(write: (i: number) => Promise<unknown>, stored: (i: number) => boolean) {
  for (let i = 0; i < 60; i++) {
    try {
      await write(i);
    } catch (error) {
      expect(databaseFault(error)).toBe("full");
      expect(stored(i)).toBe(false);
      return i;
    }
    expect(stored(i)).toBe(true);
  }
  throw new Error("the disk never filled");
}

const count = (table: string) => (sqlite().prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;

describe("the trap: a failed commit", () => {
  it(".returning().get() answers the row of a commit that failed; durably() throws and nothing is stored", async () => {
    const user = await resident();
    const insert = () =>
      db
        .insert(schema.payments)
        .values({
          provider: "simulated",
          providerPaymentId: `pi_trap_${Date.now()}_${Math.random()}`,
          userId: user.id + 1_000_000,
          amountCents: 100,
          currency: "cad",
          booking: "{}",
          createdAt: 1,
          updatedAt: 1,
        })
        .returning();
    const before = count("payments");
    // A deferred foreign key is checked at COMMIT only: the statement's own commit fails, as on a full disk.
    sqlite().pragma("defer_foreign_keys = ON");
    const row = insert().get();
    expect(row?.id).toBeGreaterThan(0);
    expect(count("payments")).toBe(before);
    sqlite().pragma("defer_foreign_keys = ON");
    expect(() => durably(insert())).toThrow(/FOREIGN KEY/);
    expect(count("payments")).toBe(before);
  });
});

describe("on a full disk, each write path throws, stores nothing, and succeeds once space is back", () => {
  it("account registration", async () => {
    const stamp = Date.now();
    const emailOf = (i: number) => `full-disk-${i}-${stamp}@bell.net`;
    const register = (i: number) =>
      registerUser({ email: emailOf(i), password: "sorting-day-1", postalFsa: "H2X", locale: "en" });
    const exists = (i: number) =>
      Boolean(
        db
          .select()
          .from(schema.users)
          .where(eq(schema.users.email, emailOf(i)))
          .get(),
      );
    fillDisk();
    const failed = await writeUntilFull(register, exists);
    freeDisk();
    await register(failed);
    expect(exists(failed)).toBe(true);
  });

  it("profile save: the old address stays, then the new one is saved", async () => {
    const user = await resident();
    const input = {
      firstName: "Marie",
      lastName: "Tremblay",
      // Longer than a page: it needs new pages, which the full disk refuses.
      streetAddress: `${"9".repeat(6000)} Rue Saint-Denis`,
      unit: "",
      city: "Montréal",
      province: "QC" as const,
      postalCode: "H2X 3K2",
    };
    fillDisk();
    expect(() => updateProfile(user.id, input)).toThrow(/SQLITE_FULL|full/i);
    const kept = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!;
    expect(kept.streetAddress).toBe(user.streetAddress);
    freeDisk();
    expect(updateProfile(user.id, input).streetAddress).toBe(input.streetAddress);
  });

  it("starting a card payment: no payment row, no payable intent; then the same checkout gets both", async () => {
    const user = await resident();
    const s = slot({ capacity: 100 });
    const checkouts = Array.from({ length: 60 }, () => newCheckoutId());
    const paymentOf = (i: number) =>
      db.select().from(schema.payments).where(eq(schema.payments.checkoutId, checkouts[i]!)).get();
    const payableIntentsOf = (i: number) =>
      db
        .select()
        .from(schema.simulatedIntents)
        .where(
          sql`json_extract(${schema.simulatedIntents.metadata}, '$.checkoutId') = ${checkouts[i]} and ${schema.simulatedIntents.status} <> 'canceled'`,
        )
        .all();
    fillDisk();
    const failed = await writeUntilFull(
      (i) => startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId: checkouts[i]! }),
      (i) => Boolean(paymentOf(i)),
    );
    expect(payableIntentsOf(failed)).toEqual([]);
    freeDisk();
    const started = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId: checkouts[failed]! });
    expect(paymentOf(failed)?.providerPaymentId).toBe(started.paymentIntentId);
    expect(payableIntentsOf(failed).map((i) => i.id)).toEqual([started.paymentIntentId]);
  });

  it("a reset e-mail and its token: neither is stored, then both are", async () => {
    const user = await resident();
    const tokens = () =>
      db.select().from(schema.passwordResetTokens).where(eq(schema.passwordResetTokens.userId, user.id)).all().length;
    const emails = () =>
      db
        .select()
        .from(schema.emailOutbox)
        .where(sql`${schema.emailOutbox.to} = ${user.email} and ${schema.emailOutbox.kind} = 'password-reset'`)
        .all().length;
    const reset = () => requestPasswordReset(user.email, "http://localhost", "en");
    fillDisk();
    // Each reset that answered stored its token and its e-mail together; the one that threw stored neither.
    let failed: unknown = null;
    for (let i = 0; i < 60 && !failed; i++) {
      const before = tokens();
      failed = await reset().then(
        () => null,
        (error: unknown) => error,
      );
      expect(tokens()).toBe(failed ? before : before + 1);
      expect(emails()).toBe(tokens());
    }
    expect(databaseFault(failed)).toBe("full");
    freeDisk();
    const before = tokens();
    await reset();
    expect(tokens()).toBe(before + 1);
    expect(emails()).toBe(before + 1);
  });
});

describe("the web edge answers 503 with Retry-After, never a bare 500", () => {
  const routes = { api: { module: { ...profileApi } }, page: { module: { ...profilePage } } };
  answerDatabaseFaults(routes);

  async function signedIn() {
    const user = await resident();
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    return { user, cookie };
  }

  /** Another process's write lock (a backup, an operator's sqlite3): a second connection to the same file. */
  function lockedByAnother() {
    const other = new Database(env.DATABASE_PATH);
    other.exec("BEGIN IMMEDIATE");
    return () => {
      other.exec("ROLLBACK");
      other.close();
    };
  }

  const profile = RESIDENT_PROFILE;
  const call = routeAnswer;

  it("PUT /api/auth/profile while locked: 503 { message } in the caller's language, Retry-After; then saved", async () => {
    const { user, cookie } = await signedIn();
    const put = (lang: string) =>
      call(
        routes.api.module.action,
        new Request("http://localhost/api/auth/profile", {
          method: "PUT",
          headers: { Cookie: cookie, "Accept-Language": lang, "Content-Type": "application/json" },
          body: JSON.stringify(profile),
        }),
      );
    const release = lockedByAnother();
    try {
      for (const [lang, words] of [
        ["en-CA", /nothing was charged or saved/],
        ["fr-CA", /rien n'a été facturé ni enregistré/],
      ] as const) {
        const answer = await put(lang);
        expect(answer.status).toBe(503);
        expect(answer.headers.get("Retry-After")).toBe("2");
        expect(((await answer.json()) as { message: string }).message).toMatch(words);
      }
    } finally {
      release();
    }
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.streetAddress).toBe(
      user.streetAddress,
    );
    const saved = await put("en-CA");
    expect(saved.status).toBe(200);
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.streetAddress).toBe(
      profile.streetAddress,
    );
  });

  it("the profile page's form while locked: a 503 answer for the error page, with Retry-After; then saved", async () => {
    const { user, cookie } = await signedIn();
    const post = () =>
      call(
        routes.page.module.action,
        new Request("http://localhost/profile", {
          method: "POST",
          headers: {
            Cookie: cookie,
            "Accept-Language": "en-CA",
            "Content-Type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(profile),
        }),
      );
    const release = lockedByAnother();
    let answer: Response;
    try {
      answer = await post();
    } finally {
      release();
    }
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("2");
    expect(await answer.json()).toEqual({ databaseFault: "busy" });
    expect((await post()).status).toBe(302);
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.streetAddress).toBe(
      profile.streetAddress,
    );
  });

  it("a full disk under /api: 503, Retry-After 60, 'nothing was charged or saved'; one log line", async () => {
    const full = new Database.SqliteError("database or disk is full", "SQLITE_FULL");
    const guarded = { r: { module: { action: () => Promise.reject(full) } } };
    answerDatabaseFaults(guarded);
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const answer = await call(
      guarded.r.module.action,
      new Request("http://localhost/api/pickup-requests", { method: "POST", headers: { "Accept-Language": "en" } }),
    );
    expect(log.mock.calls).toEqual([
      [expect.stringMatching(/^\[db\] disk full: SQLITE_FULL .*POST \/api\/pickup-requests/)],
    ]);
    log.mockRestore();
    expect(answer.status).toBe(503);
    expect(answer.headers.get("Retry-After")).toBe("60");
    expect(((await answer.json()) as { message: string }).message).toMatch(/nothing was charged or saved/);
  });

  it("any other error is left as it was (Remix's own 500)", async () => {
    const boom = new Error("a bug");
    const guarded = { r: { module: { loader: () => Promise.reject(boom) } } };
    answerDatabaseFaults(guarded);
    expect(await call(guarded.r.module.loader, new Request("http://localhost/api/x"))).toBe(boom);
  });
});
