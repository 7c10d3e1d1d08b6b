// A busy database answers, and quickly (issue 22, part 3): another process (a backup script, a migration,
// an operator's sqlite3) holds `BEGIN IMMEDIATE` on the same file for 10 s. Meanwhile reads answer within
// 200 ms (WAL lets them; nothing on a read waits for the write lock), and writes answer 503 with
// Retry-After after a short wait, never a 500; once the lock is released the same writes succeed and the
// database is consistent.
import { spawn } from "node:child_process";
import { createRequire } from "node:module";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as createIntentApi from "~/routes/api.create-payment-intent";
import * as meApi from "~/routes/api.auth.me";
import * as notificationsApi from "~/routes/api.notifications";
import * as pickupRequestsApi from "~/routes/api.pickup-requests";
import * as pickupSlotsApi from "~/routes/api.pickup-slots";
import * as profileApi from "~/routes/api.auth.profile";
import * as waitlistApi from "~/routes/api.waitlist";
import { offeredSlots } from "~/services/booking/slots.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { answerDatabaseFaults } from "~/services/http/database-fault.server";
import { createUserSession } from "~/services/http/current-user.server";
import { env } from "~/services/platform/config.server";
import { db, schema, sqlite } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { RESIDENT_PROFILE } from "../resident-profile";
import { CARD, resident, routeAnswer, slot } from "./fixtures";

const HOLD_MS = 10_000;
const DAY = 86_400_000;

/** A second process that takes the write lock, says "locked", and commits after `holdMs`. */
async function holdWriteLock(holdMs: number) {
  const betterSqlite = createRequire(import.meta.url).resolve("better-sqlite3");
  const script = `
    const Database = require(${JSON.stringify(betterSqlite)});
    const db = new Database(${JSON.stringify(env.DATABASE_PATH)});
    db.exec("BEGIN IMMEDIATE");
    db.prepare("update pickup_slots set max_capacity = max_capacity where id = (select min(id) from pickup_slots)").run();
    console.log("locked");
    setTimeout(() => { db.exec("COMMIT"); db.close(); console.log("released"); }, ${holdMs});
  `;
  const child = spawn(process.execPath, ["-e", script], { stdio: ["ignore", "pipe", "inherit"] });
  let out = "";
  const said = (word: string) =>
    new Promise<void>((resolve, reject) => {
      const check = () => out.includes(word) && resolve();
      child.stdout.on("data", (chunk: Buffer) => {
        out += chunk.toString();
        check();
      });
      child.on("exit", () => (out.includes(word) ? resolve() : reject(new Error(`the locker exited: ${out}`))));
      check();
    });
  await said("locked");
  return { released: said("released") };
}

const routes = {
  createIntent: { module: { ...createIntentApi } },
  me: { module: { ...meApi } },
  notifications: { module: { ...notificationsApi } },
  pickupRequests: { module: { ...pickupRequestsApi } },
  pickupSlots: { module: { ...pickupSlotsApi } },
  profile: { module: { ...profileApi } },
  waitlist: { module: { ...waitlistApi } },
};
answerDatabaseFaults(routes);

const answer = routeAnswer;

/** Milliseconds `work` took, and its result. */
async function timed<T>(work: () => Promise<T> | T): Promise<[number, T]> {
  const start = performance.now();
  const result = await work();
  return [performance.now() - start, result];
}

describe("another process holds the write lock for 10 s", () => {
  it("reads answer within 200 ms, writes 503 with Retry-After (never 500); afterwards all is consistent", async () => {
    const user = await resident();
    const s = slot({ capacity: 3 });
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    const booked = await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD);
    const headers = { Cookie: cookie, "Accept-Language": "en-CA" };
    const get = (path: string) => new Request(`http://localhost${path}`, { headers });
    const send = (path: string, method: string, body: unknown) =>
      new Request(`http://localhost${path}`, {
        method,
        headers: { ...headers, "Content-Type": "application/json" },
        body: JSON.stringify(body),
      });
    const profile = RESIDENT_PROFILE;
    const waitlistEntry = {
      email: `busy-${Date.now()}@bell.net`,
      name: "Luc",
      postal_code: "H0H",
      building_access: "Outside Service Area",
    };
    // The waitlist counts against a rate limit of 10 a minute: it is tried in the first rounds only.
    const writes = (withWaitlist: boolean) => [
      answer(routes.profile.module.action, send("/api/auth/profile", "PUT", profile)),
      answer(
        routes.createIntent.module.action,
        send("/api/create-payment-intent", "POST", { bagCount: 1, slotId: s.id, acceptTerms: true }),
      ),
      ...(withWaitlist ? [answer(routes.waitlist.module.action, send("/api/waitlist", "POST", waitlistEntry))] : []),
    ];

    const { released } = await holdWriteLock(HOLD_MS);
    const lockedUntil = Date.now() + HOLD_MS - 1_500;
    let rounds = 0;
    while (Date.now() < lockedUntil) {
      rounds += 1;
      // Reads, through the services and the API: the slot listing of a day whose slots are not generated
      // yet (its generation is skipped, not waited for), the session, orders and notifications.
      const [listed, slots] = await timed(() => offeredSlots(user.postalFsa, now() + rounds * DAY));
      expect(listed).toBeLessThan(200);
      expect(slots.length).toBeGreaterThan(0);
      for (const [route, path] of [
        [routes.pickupSlots, "/api/pickup-slots"],
        [routes.me, "/api/auth/me"],
        [routes.pickupRequests, "/api/pickup-requests"],
        [routes.notifications, "/api/notifications"],
      ] as const) {
        const [ms, response] = await timed(() => answer(route.module.loader, get(path)));
        expect(response.status, path).toBe(200);
        expect(ms, path).toBeLessThan(200);
      }
      // Writes: a short wait for the lock, then 503 + Retry-After and a translated message.
      for (const response of await Promise.all(writes(rounds <= 4))) {
        expect(response.status).toBe(503);
        expect(response.headers.get("Retry-After")).toBe("2");
        expect(((await response.json()) as { message: string }).message).toMatch(/nothing was charged or saved/);
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    expect(rounds).toBeGreaterThan(3);
    await released;

    // The same writes now succeed, and nothing half-done was left behind.
    const after = await Promise.all(writes(true));
    expect(after.map((r) => r.status)).toEqual([200, 200, 201]);
    expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.streetAddress).toBe(
      profile.streetAddress,
    );
    expect(sqlite().pragma("integrity_check", { simple: true })).toBe("ok");
    const mismatched = db.all(
      sql`select s.id from pickup_slots s where s.current_booked <> (select count(*) from pickup_requests r where r.pickup_slot_id = s.id and r.status = 'Scheduled')`,
    );
    expect(mismatched).toEqual([]);
    expect(
      db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.pickupSlotId, s.id)).all().length,
    ).toBe(1);
    expect(booked.pickupSlotId).toBe(s.id);
  }, 40_000);
});
