// Database-backed sessions: the cookie holds only a random id; the row holds who is signed in, so
// signing out, resetting a password or expiry really ends a session.
import { and, eq, gt, lt, ne, sql } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { db, perConnection, schema } from "~/services/platform/db.server";
import { randomToken } from "./passwords.server";
import { now } from "~/lib/clock";
import { RETENTION } from "~/lib/retention";
import { sessionCookieName } from "~/lib/cookies";

export const SESSION_DAYS = RETENTION.sessionDays;
/** The longest User-Agent kept with a session (a header can be anything). */
export const USER_AGENT_MAX = 512;
/** Cookies are Secure in production, unless a test server on plain http asks otherwise. */
export const secureCookies = env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";
/**
 * `__Host-` (Secure, no Domain, path /) keeps a sibling subdomain or a plain-http page from setting or
 * shadowing the session cookie; browsers accept it only with Secure, so plain http keeps `__session`.
 */
export const SESSION_COOKIE = sessionCookieName(secureCookies);

/** Does this request carry a session cookie (signed in, or was)? Read from the header only, no database. */
export function carriesSession(request: Request): boolean {
  return (request.headers.get("Cookie") ?? "").split(";").some((c) => c.trim().startsWith(`${SESSION_COOKIE}=`));
}

/**
 * What a session row keeps in its data (who is signed in). `userAgent` is only handed over when the
 * session is made: it goes to its own column (the session is named at sign-in), not into the data.
 */
export type SessionData = { userId: number; userAgent?: string };

/**
 * The two reads every signed-in request makes (its session, its user), prepared once per connection:
 * building a drizzle query each time cost more than running it (issue 11, the API's throughput).
 */
const lookups = perConnection((db) => ({
  session: db
    .select()
    .from(schema.sessions)
    .where(and(eq(schema.sessions.id, sql.placeholder("id")), gt(schema.sessions.expiresAt, sql.placeholder("now"))))
    .prepare(),
  user: db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("id")))
    .prepare(),
}));

/**
 * A new session row for `data` (its id returned); signing in is using the account: retention counts from
 * here. The browser it was made with is recorded now, so the profile's list names a one-off sign-in too
 * (it used to wait for the session's next request).
 */
export function createSessionRow(data: Partial<SessionData>, expires: Date | undefined): string {
  const { userAgent, ...kept } = data;
  const userId = kept.userId;
  if (!userId) throw new Error("A session needs a user");
  const id = randomToken(24);
  const at = now();
  // A warning that the unused account will be deleted is withdrawn.
  db.transaction((tx) => {
    tx.insert(schema.sessions)
      .values({
        id,
        userId,
        data: JSON.stringify(kept),
        expiresAt: expires?.getTime() ?? at + SESSION_DAYS * 86_400_000,
        createdAt: at,
        userAgent: (userAgent ?? "").slice(0, USER_AGENT_MAX),
        lastSeenAt: at,
      })
      .run();
    tx.update(schema.users).set({ lastSeenAt: at, inactivityWarnedAt: null }).where(eq(schema.users.id, userId)).run();
  });
  return id;
}

/** The data of an unexpired session row, or null. */
export function readSessionRow(id: string): SessionData | null {
  const row = lookups().session.get({ id, now: now() });
  return row ? (JSON.parse(row.data) as SessionData) : null;
}

export function updateSessionRow(id: string, data: Partial<SessionData>, expires: Date | undefined) {
  const kept = { ...data };
  delete kept.userAgent;
  db.update(schema.sessions)
    .set({ data: JSON.stringify(kept), ...(expires ? { expiresAt: expires.getTime() } : {}) })
    .where(eq(schema.sessions.id, id))
    .run();
}

export function deleteSessionRow(id: string) {
  db.delete(schema.sessions).where(eq(schema.sessions.id, id)).run();
}

export function findSessionUser(userId: number) {
  return lookups().user.get({ id: userId }) ?? null;
}

export function destroyAllSessionsOf(userId: number, tx: Pick<typeof db, "delete"> = db) {
  tx.delete(schema.sessions).where(eq(schema.sessions.userId, userId)).run();
}

/** Ends every session of the account but the one given (the caller's own). */
export function destroyOtherSessionsOf(
  userId: number,
  keepSessionId: string | undefined,
  tx: Pick<typeof db, "delete"> = db,
) {
  const others = keepSessionId
    ? and(eq(schema.sessions.userId, userId), ne(schema.sessions.id, keepSessionId))
    : eq(schema.sessions.userId, userId);
  tx.delete(schema.sessions).where(others).run();
}

export function purgeExpiredSessions() {
  db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, now())).run();
}
