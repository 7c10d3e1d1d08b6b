// The cookies the app sets, in one place (issue 43, part 4): the code that sets each one takes its name
// and lifetime from here, and the privacy page lists them from here, so the page says what the browser
// really receives. Lifetimes are in seconds; null: until the browser is closed.
import { RETENTION } from "./retention";

export const LANGUAGE_COOKIE = { name: "lng", maxAgeSeconds: 60 * 60 * 24 * 365 } as const;
/** Flash messages, the page to return to after signing in, the waitlist sign-ups and reset request of this browser. */
export const VISITOR_COOKIE = { name: "__visitor", maxAgeSeconds: null } as const;
/** LiteFS: the last transaction a resident wrote, so a replica waits for it before answering their next read. */
export const TXNUM_COOKIE = { name: "txnum", maxAgeSeconds: 300 } as const;
/** The session cookie's name: `__Host-` (https only, this host only) wherever cookies are Secure. */
export function sessionCookieName(secure: boolean) {
  return secure ? "__Host-session" : "__session";
}
export const SESSION_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * RETENTION.sessionDays;

/** The cookies Stripe.js sets on the card page (Stripe's cookie policy: fraud prevention). */
const STRIPE_COOKIES = [
  { name: "__stripe_mid", maxAgeSeconds: 60 * 60 * 24 * 365 },
  { name: "__stripe_sid", maxAgeSeconds: 30 * 60 },
] as const;

export type CookieLine = {
  key: "session" | "language" | "visitor" | "txnum" | "stripe";
  names: string[];
  maxAgeSeconds: number | null;
};

/** Every cookie, as the privacy page lists them. */
export function cookieLines(secure: boolean): CookieLine[] {
  return [
    { key: "session", names: [sessionCookieName(secure)], maxAgeSeconds: SESSION_COOKIE_MAX_AGE_SECONDS },
    { key: "language", names: [LANGUAGE_COOKIE.name], maxAgeSeconds: LANGUAGE_COOKIE.maxAgeSeconds },
    { key: "visitor", names: [VISITOR_COOKIE.name], maxAgeSeconds: VISITOR_COOKIE.maxAgeSeconds },
    { key: "txnum", names: [TXNUM_COOKIE.name], maxAgeSeconds: TXNUM_COOKIE.maxAgeSeconds },
    ...STRIPE_COOKIES.map((cookie) => ({
      key: "stripe" as const,
      names: [cookie.name],
      maxAgeSeconds: cookie.maxAgeSeconds,
    })),
  ];
}
