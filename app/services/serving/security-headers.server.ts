// Security headers for every document: an enforced, nonce-based Content-Security-Policy and friends.
import { carriesSession } from "~/services/accounts/session-rows.server";
import { env } from "~/services/platform/config.server";
import { paymentProvider } from "~/services/payments/provider.server";

/** Browsers keep to https for a year once they have seen this over https (they ignore it over plain http). */
const HSTS = "max-age=31536000; includeSubDomains";

export function securityHeaders(
  nonce: string,
  options: { stripe?: boolean; hsts?: boolean } = {},
): Record<string, string> {
  const stripeScript = options.stripe ? " https://js.stripe.com https://*.js.stripe.com" : "";
  const stripeFrame = options.stripe ? " https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com" : "";
  const stripeConnect = options.stripe ? " https://api.stripe.com" : "";
  const csp = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${stripeScript}`,
    // data: the stylesheet's container queries, inlined as a data: URL (components/inline-stylesheet).
    "style-src 'self' 'unsafe-inline' data:",
    "img-src 'self' data:",
    "font-src 'self'",
    `connect-src 'self'${stripeConnect}`,
    `frame-src 'self'${stripeFrame}`,
    "frame-ancestors 'none'",
    "form-action 'self' https://checkout.stripe.com",
    "base-uri 'self'",
    "object-src 'none'",
  ].join("; ");
  return {
    "Content-Security-Policy": csp,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": 'camera=(), microphone=(), geolocation=(), payment=(self "https://js.stripe.com")',
    "Cross-Origin-Opener-Policy": "same-origin",
    ...(options.hsts ? { "Strict-Transport-Security": HSTS } : {}),
  };
}

/**
 * The headers of every document. With the Stripe provider on, every page allows Stripe's hosts, not only
 * /checkout: a resident reaches checkout by an in-app navigation (from /booking or /profile) and the browser
 * keeps the first page's policy, so Stripe.js must be allowed wherever the app starts (Stripe also recommends
 * loading it on every page for its fraud signals).
 */
export function documentSecurityHeaders(nonce: string): Record<string, string> {
  return securityHeaders(nonce, { stripe: stripeIsOn(), hsts: env.NODE_ENV === "production" });
}

function stripeIsOn(): boolean {
  try {
    return paymentProvider().name === "stripe";
  } catch {
    // Stripe asked for without its keys: the checkout says so; other pages keep the plain policy.
    return false;
  }
}

/**
 * Pages and their data for someone signed in carry what is theirs (name, address, orders, the admin's
 * screens): never stored by a shared cache, nor shown again from the browser's history cache on a shared
 * phone after signing out. A route that chose its own Cache-Control keeps it.
 */
export function personalCacheControl(request: Request, headers: Headers) {
  if (!headers.has("Cache-Control") && carriesSession(request)) headers.set("Cache-Control", "private, no-store");
}
