// The onboarding gate (spec section 2, "Shared interface"): a signed-in resident who has not finished
// onboarding sees the guide before any other page. The root loader asks this rule on every page load.

const ONBOARDING_PATH = "/onboarding";

/**
 * Pages a resident still in onboarding may reach: the guide itself, the two action-only routes the
 * guide's header needs (sign out, change language; their GET loaders only redirect elsewhere), and the
 * pages of every page's footer (who we are, the privacy page the law requires to be reachable).
 */
const GATE_EXEMPT_PATHS = [
  ONBOARDING_PATH,
  "/sign-out",
  "/language",
  "/privacy",
  "/terms",
  "/help",
  "/accessibility",
] as const;

/** Route matching is case-insensitive and ignores a trailing slash, so the rule does too. */
function normalizePath(pathname: string): string {
  const lower = pathname.toLowerCase();
  return lower.length > 1 ? lower.replace(/\/+$/, "") || "/" : lower;
}

export function isGateExempt(pathname: string): boolean {
  const path = normalizePath(pathname);
  return GATE_EXEMPT_PATHS.some((exempt) => path === exempt);
}

/**
 * The guide is for residents: operators (admins, and drivers when they come) never see it, whatever
 * their onboarding flag says (an account made by create-admin or promoted by an invitation).
 */
function isResident(user: { role?: string }): boolean {
  return user.role === undefined || user.role === "resident";
}

/**
 * Where the gate sends this request, or null to let it through. Visitors, operators and residents who
 * have completed (or skipped) onboarding are never stopped.
 */
export function onboardingGateRedirect(
  user: { hasCompletedOnboarding: boolean; role?: string } | null | undefined,
  pathname: string,
): string | null {
  if (!user || user.hasCompletedOnboarding || !isResident(user)) return null;
  return isGateExempt(pathname) ? null : ONBOARDING_PATH;
}
