// The session cookie and its storage (Remix's), on the rows of accounts/session-rows.server: the cookie holds
// only a signed random id, the row who is signed in, so signing out, a password reset or expiry really
// ends a session. Web edge only: the accounts domain knows rows, not cookies.
import { createCookie, createSessionStorage } from "@remix-run/node";
import {
  createSessionRow,
  deleteSessionRow,
  readSessionRow,
  secureCookies,
  SESSION_COOKIE,
  updateSessionRow,
  type SessionData,
} from "~/services/accounts/session-rows.server";
import { env } from "~/services/platform/config.server";
import { SESSION_COOKIE_MAX_AGE_SECONDS } from "~/lib/cookies";

/** The session cookie: a signed random id (the row holds the rest). */
const sessionCookie = createCookie(SESSION_COOKIE, {
  httpOnly: true,
  sameSite: "lax",
  path: "/",
  secure: secureCookies,
  secrets: env.sessionSecrets,
  maxAge: SESSION_COOKIE_MAX_AGE_SECONDS,
});

/** A Set-Cookie that removes the session cookie from the browser, without touching any row (a read on a replica). */
export function clearedSessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: sessionCookie,
  async createData(data, expires) {
    return createSessionRow(data, expires);
  },
  async readData(id) {
    return readSessionRow(id);
  },
  async updateData(id, data, expires) {
    updateSessionRow(id, data, expires);
  },
  async deleteData(id) {
    deleteSessionRow(id);
  },
});
