// The resident's signed-in sessions (issue 34): each is listed on the profile with the browser and system
// it was last used with (ua-parser-js; recorded when the session is made, then as it is used), when it was
// made and last seen; one, or all the others, can be
// signed out. A session is named on the page by a handle (a hash of its id), never by its id.
import { and, eq, gt, ne, sql } from "drizzle-orm";
import { UAParser } from "ua-parser-js";
import { bestEffortWrite, db, perConnection, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";
import { sha256 } from "./passwords.server";
import { USER_AGENT_MAX } from "./session-rows.server";

/** Last-seen times are written at most this often per session: not a write on every request. */
const TOUCH_EVERY_MS = 5 * 60 * 1000;

function sessionHandle(sessionId: string) {
  return sha256(sessionId).slice(0, 16);
}

/** User-Agents already described: the same few browsers come back on every view of the profile (issue 44). */
const described = new Map<string, { browser: string; system: string }>();
const MAX_DESCRIBED = 500;

/** "Firefox 128", "macOS 14" from a User-Agent; empty when it names none. */
function describeUserAgent(userAgent: string) {
  let description = described.get(userAgent);
  if (!description) {
    const parsed = new UAParser(userAgent).getResult();
    const browser = [parsed.browser.name, parsed.browser.major].filter(Boolean).join(" ");
    const system = [parsed.os.name, parsed.os.version].filter(Boolean).join(" ");
    description = { browser, system };
    if (described.size >= MAX_DESCRIBED) described.clear();
    described.set(userAgent, description);
  }
  return description;
}

const seen = perConnection((db) =>
  db
    .select({ lastSeenAt: schema.sessions.lastSeenAt, userAgent: schema.sessions.userAgent })
    .from(schema.sessions)
    .where(eq(schema.sessions.id, sql.placeholder("id")))
    .prepare(),
);

/** An account's sessions not yet expired (the profile lists them on every view), prepared once per connection. */
const liveSessions = perConnection((db) =>
  db
    .select()
    .from(schema.sessions)
    .where(
      and(eq(schema.sessions.userId, sql.placeholder("userId")), gt(schema.sessions.expiresAt, sql.placeholder("at"))),
    )
    .prepare(),
);

/**
 * Notes that a session (and its account) was used now, with this browser: at most every 5 minutes, and
 * never at the cost of the request (a locked or read-only database skips it). Using the account also
 * withdraws a retention warning: the account is in use again.
 */
export function touchSession(sessionId: string, userId: number, userAgent: string, at = now()) {
  const row = seen().get({ id: sessionId });
  if (!row) return;
  const agent = userAgent.slice(0, USER_AGENT_MAX);
  if (row.lastSeenAt !== null && at - row.lastSeenAt < TOUCH_EVERY_MS && row.userAgent === agent) return;
  bestEffortWrite(() =>
    db.transaction((tx) => {
      tx.update(schema.sessions)
        .set({ lastSeenAt: at, userAgent: agent })
        .where(eq(schema.sessions.id, sessionId))
        .run();
      tx.update(schema.users)
        .set({ lastSeenAt: at, inactivityWarnedAt: null })
        .where(eq(schema.users.id, userId))
        .run();
    }),
  );
}

export type SessionListItem = {
  handle: string;
  browser: string;
  system: string;
  createdAt: number;
  lastSeenAt: number;
  expiresAt: number;
  current: boolean;
};

/** The account's live sessions, the current one first, then the most recently seen. */
export function listSessions(userId: number, currentSessionId: string | undefined, at = now()): SessionListItem[] {
  return liveSessions()
    .all({ userId, at })
    .map((s) => ({
      handle: sessionHandle(s.id),
      ...describeUserAgent(s.userAgent),
      createdAt: s.createdAt,
      lastSeenAt: s.lastSeenAt ?? s.createdAt,
      expiresAt: s.expiresAt,
      current: s.id === currentSessionId,
    }))
    .sort((a, b) => Number(b.current) - Number(a.current) || b.lastSeenAt - a.lastSeenAt);
}

/** Signs out the account's session with this handle (not the current one: that is the Sign out button). */
export function signOutSession(userId: number, handle: string, currentSessionId: string | undefined): boolean {
  const target = db
    .select({ id: schema.sessions.id })
    .from(schema.sessions)
    .where(eq(schema.sessions.userId, userId))
    .all()
    .find((s) => sessionHandle(s.id) === handle && s.id !== currentSessionId);
  if (!target) return false;
  db.delete(schema.sessions)
    .where(
      and(
        eq(schema.sessions.id, target.id),
        eq(schema.sessions.userId, userId),
        ne(schema.sessions.id, currentSessionId ?? ""),
      ),
    )
    .run();
  return true;
}
