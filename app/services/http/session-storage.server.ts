// The session cookie and its storage (Remix's), on the rows of accounts/session-rows.server: the cookie holds
// only a signed random id, the row who is signed in, so signing out, a password reset or expiry really
// ends a session. Web edge only: the accounts domain knows rows, not cookies.
import { createCookie, createSessionStorage, type Cookie } from "@remix-run/node";
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

/** How many Cookie headers' session ids are remembered, and the longest header remembered (a browser's is far shorter). */
const REMEMBERED_HEADERS = 1024;
const REMEMBERED_HEADER_MAX = 2048;

/**
 * The session cookie, its Cookie headers read once (issue 44, the API's fixed cost): reading one parses the
 * header and checks the id's signature (an HMAC per secret) on every request, and the same header always reads
 * the same (the id is signed, the secrets are fixed for the process's life). So the id read from a header is
 * remembered for that exact header, the least recently read forgotten first; a header never seen, or one with
 * options, is read as before. It remembers only what the signature check said: which session the id names, and
 * whether that session is alive, is still asked of the rows on every request.
 */
export function rememberingCookie(cookie: Cookie, size = REMEMBERED_HEADERS): Cookie {
  const read = new Map<string, unknown>();
  return {
    get name() {
      return cookie.name;
    },
    get isSigned() {
      return cookie.isSigned;
    },
    get expires() {
      return cookie.expires;
    },
    serialize: (value, options) => cookie.serialize(value, options),
    async parse(header, options) {
      if (!header || options || header.length > REMEMBERED_HEADER_MAX) return cookie.parse(header, options);
      if (read.has(header)) {
        const value = read.get(header);
        read.delete(header);
        read.set(header, value);
        return value;
      }
      const value: unknown = await cookie.parse(header);
      // Only a plain value (the id, or null): anything else is handed out fresh each time.
      if (value === null || typeof value === "string") {
        read.set(header, value);
        if (read.size > size) read.delete(read.keys().next().value!);
      }
      return value;
    },
  };
}

/** A Set-Cookie that removes the session cookie from the browser, without touching any row (a read on a replica). */
export function clearedSessionCookie(): Promise<string> {
  return sessionCookie.serialize("", { maxAge: 0, expires: new Date(0) });
}

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: rememberingCookie(sessionCookie),
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
