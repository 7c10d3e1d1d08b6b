// Fixed-window rate limits per client and action, kept in memory (one process, one VM), and one per
// account on sign-in. RATE_LIMIT_FACTOR multiplies every limit so load tests can relax them.
import { env } from "~/services/platform/config.server";
import { now } from "~/lib/clock";
import { clientAddress } from "./client-address.server";

export const LIMITS = {
  signIn: { max: 10, windowMs: 60_000 },
  signUp: { max: 5, windowMs: 60_000 },
  passwordReset: { max: 5, windowMs: 15 * 60_000 },
  postalCheck: { max: 30, windowMs: 60_000 },
  waitlist: { max: 10, windowMs: 60_000 },
  promo: { max: 10, windowMs: 60_000 },
  addressLookup: { max: 60, windowMs: 60_000 },
  /** Failed sign-ins per account (e-mail address), whatever the client's address. */
  signInAccount: { max: 10, windowMs: 60 * 60_000 },
} as const;

export type LimitName = keyof typeof LIMITS;

const buckets = new Map<string, { count: number; resetAt: number }>();

export class RateLimitedError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super("Too many requests");
  }
}

function maxOf(name: LimitName) {
  return Math.max(1, Math.floor(LIMITS[name].max * env.RATE_LIMIT_FACTOR));
}

/** The live bucket for this key (a fresh one once the window is over). */
function bucketOf(name: LimitName, key: string, t: number) {
  let bucket = buckets.get(key);
  if (!bucket || bucket.resetAt <= t) {
    bucket = { count: 0, resetAt: t + LIMITS[name].windowMs };
    buckets.set(key, bucket);
  }
  if (buckets.size > 10_000) {
    for (const [k, b] of buckets) if (b.resetAt <= t) buckets.delete(k);
  }
  return bucket;
}

/** Counts one attempt; throws RateLimitedError past the limit. */
export function hit(request: Request, name: LimitName) {
  const t = now();
  const bucket = bucketOf(name, `${name}:${clientAddress(request)}`, t);
  bucket.count += 1;
  if (bucket.count > maxOf(name)) {
    throw new RateLimitedError(Math.ceil((bucket.resetAt - t) / 1000));
  }
}

function accountKey(email: string) {
  return `signInAccount:${email.trim().toLowerCase()}`;
}

/** Throws RateLimitedError while this account has used up its failed sign-ins for the window. */
export function assertAccountOpen(email: string) {
  const t = now();
  const bucket = bucketOf("signInAccount", accountKey(email), t);
  if (bucket.count >= maxOf("signInAccount")) {
    throw new RateLimitedError(Math.ceil((bucket.resetAt - t) / 1000));
  }
}

/** Counts a failed sign-in against the account (not against anyone else's). */
export function countAccountFailure(email: string) {
  bucketOf("signInAccount", accountKey(email), now()).count += 1;
}

export function resetRateLimits() {
  buckets.clear();
}
