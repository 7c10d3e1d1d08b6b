// The operators' own shell (issue 36): admin and driver pages have their own navigation and no residents'
// bottom bar; a driver's account sees only /driver (an admin page still answers it 403).

const OPERATOR_PREFIXES = ["/admin", "/driver"] as const;

const lower = (pathname: string) => pathname.toLowerCase();

/** Whether the path is an operator's page (/admin..., /driver...): no residents' bottom bar there. */
export function isOperatorPath(pathname: string): boolean {
  const path = lower(pathname);
  return OPERATOR_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`));
}

/** Pages a driver may open besides /driver: admin pages (they answer 403), signing out, the language. */
const DRIVER_ALLOWED = ["/sign-out", "/language", "/admin-invitation"] as const;

/** Where a driver asking for a residents' page is sent (/driver), or null to let the request through. */
export function driverGateRedirect(user: { role?: string } | null | undefined, pathname: string): string | null {
  if (user?.role !== "driver") return null;
  const path = lower(pathname).replace(/\/+$/, "") || "/";
  if (isOperatorPath(path) || DRIVER_ALLOWED.some((allowed) => path === allowed)) return null;
  return "/driver";
}
