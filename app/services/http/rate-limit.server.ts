// Fixed-window rate limits per client and action, kept in memory (one process, one VM).
// RATE_LIMIT_FACTOR multiplies every limit so load tests can relax them.
import { getClientIPAddress } from "remix-utils/get-client-ip-address";
import { env } from "~/services/platform/config.server";
import { now } from "~/lib/clock";

export const LIMITS = {
  signIn: { max: 10, windowMs: 60_000 },
  signUp: { max: 5, windowMs: 60_000 },
  passwordReset: { max: 5, windowMs: 15 * 60_000 },
  postalCheck: { max: 30, windowMs: 60_000 },
  waitlist: { max: 10, windowMs: 60_000 },
  promo: { max: 10, windowMs: 60_000 },
  addressLookup: { max: 60, windowMs: 60_000 },
} as const;

export type LimitName = keyof typeof LIMITS;

const buckets = new Map<string, { count: number; resetAt: number }>();

export class RateLimitedError extends Error {
  constructor(public readonly retryAfterSeconds: number) {
    super("Too many requests");
  }
}

function clientKey(request: Request): string {
  if (env.CLIENT_IP_HEADER) return request.headers.get(env.CLIENT_IP_HEADER)?.trim() || "unknown";
  return getClientIPAddress(request) ?? "local";
}

/** Counts one attempt; throws RateLimitedError past the limit. */
export function hit(request: Request, name: LimitName) {
  const limit = LIMITS[name];
  const max = Math.max(1, Math.floor(limit.max * env.RATE_LIMIT_FACTOR));
  const key = `${name}:${clientKey(request)}`;
  const t = now();
  let bucket = buckets.get(key);
  if (!bucket || bucket.resetAt <= t) {
    bucket = { count: 0, resetAt: t + limit.windowMs };
    buckets.set(key, bucket);
  }
  bucket.count += 1;
  if (buckets.size > 10_000) {
    for (const [k, b] of buckets) if (b.resetAt <= t) buckets.delete(k);
  }
  if (bucket.count > max) {
    throw new RateLimitedError(Math.ceil((bucket.resetAt - t) / 1000));
  }
}

export function resetRateLimits() {
  buckets.clear();
}
