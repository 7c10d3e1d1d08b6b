// The visitor cookie: flash toasts that survive a redirect (rendered in the server HTML, so they are
// seen without JavaScript), the page to return to after signing in, and the waitlist sign-ups made from
// this browser (their page shows the confirmation, not the form, even when reached by Back). One place
// makes toast ids.
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { secureCookies } from "~/services/accounts/session-rows.server";
import { randomToken } from "~/services/accounts/passwords.server";
import { env } from "~/services/platform/config.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Toast, ToastInput } from "~/lib/toast";
import type { WaitlistReason } from "~/lib/visitor-schemas";
import { now } from "~/lib/clock";
import { VISITOR_COOKIE } from "~/lib/cookies";

type FlashOptions = { clearRedirect?: boolean; waitlisted?: Waitlisted };
/** How many sign-ups a browser remembers (the cookie stays small). */
const WAITLISTED_KEPT = 5;

/** A waitlist sign-up as this browser remembers it: the prefix, the reason and the address given. */
type Waitlisted = { fsa: string; reason: WaitlistReason; email: string };

type VisitorData = {
  redirectTo?: string;
  waitlisted?: Waitlisted[];
  /** The last password-reset request from this browser: the address and when. */
  resetRequested?: { email: string; at: number };
};

/** A refused form's answer carried over the redirect back to its page (services/serving/refused-form). */
export type CarriedReply = { routeId: string; data: unknown };

const visitorStorage = createCookieSessionStorage<VisitorData, { toast: Toast; refusedForm: CarriedReply }>({
  cookie: {
    name: VISITOR_COOKIE.name,
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure: secureCookies,
    secrets: env.sessionSecrets,
  },
});

async function getVisitorSession(request: Request) {
  return visitorStorage.getSession(request.headers.get("Cookie"));
}

/** A toast with its id and type filled in: success unless said otherwise. */
export function makeToast(input: ToastInput, defaultType: Toast["type"] = "success"): Toast {
  return { id: randomToken(6), type: defaultType, ...input };
}

/** A sign-in `redirect` parameter ("history", "/order/X") as a same-site path, or "" when it is not one. */
export function redirectParamPath(target: string | null | undefined): string {
  if (!target) return "";
  return safeRedirect(target.startsWith("/") ? target : `/${target}`, "");
}

/** Remembers where to go after sign-in. Only local paths are kept. */
export async function rememberRedirect(request: Request, target: string | null | undefined) {
  const safe = redirectParamPath(target);
  if (!safe) return null;
  const session = await getVisitorSession(request);
  session.set("redirectTo", safe);
  return visitorStorage.commitSession(session);
}

/** The remembered target (or '/'); pass `clearRedirect` to the toast that follows to forget it. */
export async function rememberedRedirect(request: Request, fallback = "/"): Promise<string> {
  const session = await getVisitorSession(request);
  return safeRedirect(session.get("redirectTo"), fallback);
}

/** This browser's waitlist sign-up for a prefix and reason, if it made one. */
export async function waitlistedHere(request: Request, fsa: string, reason: WaitlistReason) {
  const session = await getVisitorSession(request);
  return session.get("waitlisted")?.find((w) => w.fsa === fsa && w.reason === reason) ?? null;
}

/** Remembers a password-reset request from this browser (for /forgot-password reached by Back or a reload). */
export async function rememberResetRequest(request: Request, email: string) {
  const session = await getVisitorSession(request);
  session.set("resetRequested", { email, at: now() });
  return visitorStorage.commitSession(session);
}

/** The address of this browser's reset request if it was made less than `withinMs` ago (its link still works). */
export async function recentResetRequest(request: Request, withinMs: number) {
  const session = await getVisitorSession(request);
  const asked = session.get("resetRequested");
  return asked && now() - asked.at < withinMs ? asked.email : null;
}

export async function flashToast(
  request: Request,
  toast: ToastInput,
  headers = new Headers(),
  options: FlashOptions = {},
) {
  const session = await getVisitorSession(request);
  session.flash("toast", makeToast(toast));
  if (options.clearRedirect) session.unset("redirectTo");
  const joined = options.waitlisted;
  if (joined) {
    const others = (session.get("waitlisted") ?? []).filter((w) => w.fsa !== joined.fsa || w.reason !== joined.reason);
    session.set("waitlisted", [joined, ...others].slice(0, WAITLISTED_KEPT));
  }
  headers.append("Set-Cookie", await visitorStorage.commitSession(session));
  return headers;
}

/** Reads the pending toast and refused form's answer, if any; the returned header clears them. */
export async function takeToast(request: Request) {
  const session = await getVisitorSession(request);
  const toast = session.get("toast") ?? null;
  const refusedForm = session.get("refusedForm") ?? null;
  const setCookie = toast || refusedForm ? await visitorStorage.commitSession(session) : null;
  return { toast, refusedForm, setCookie };
}

/** The biggest visitor cookie written to carry a refused form (browsers keep 4,096 bytes per cookie). */
const CARRIED_COOKIE_MAX = 3800;

/**
 * Flashes a refused form's answer for the next page, or null when it would not fit in the cookie (the
 * answer is then rendered in place, as without this).
 */
export async function flashRefusedForm(request: Request, carried: CarriedReply) {
  const session = await getVisitorSession(request);
  session.flash("refusedForm", carried);
  // Remix refuses to write a cookie past the browsers' 4,096 bytes (it throws): such an answer stays in place.
  const cookie = await visitorStorage.commitSession(session).catch(() => null);
  return cookie !== null && cookie.length <= CARRIED_COOKIE_MAX ? cookie : null;
}

/** Redirect with a toast shown on the next page. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastInput,
  headers = new Headers(),
  options: FlashOptions = {},
) {
  await flashToast(request, toast, headers, options);
  return redirect(url, { headers });
}
