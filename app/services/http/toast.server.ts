// The visitor cookie: flash toasts that survive a redirect (rendered in the server HTML, so they are
// seen without JavaScript) and the page to return to after signing in. One place makes toast ids.
import { createCookieSessionStorage, redirect } from "@remix-run/node";
import { secureCookies } from "~/services/accounts/session.server";
import { randomToken } from "~/services/accounts/passwords.server";
import { env } from "~/services/platform/config.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { Toast, ToastInput } from "~/lib/toast";

const visitorStorage = createCookieSessionStorage<{ redirectTo?: string }, { toast: Toast }>({
  cookie: {
    name: "__visitor",
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

export async function flashToast(
  request: Request,
  toast: ToastInput,
  headers = new Headers(),
  options: { clearRedirect?: boolean } = {},
) {
  const session = await getVisitorSession(request);
  session.flash("toast", makeToast(toast));
  if (options.clearRedirect) session.unset("redirectTo");
  headers.append("Set-Cookie", await visitorStorage.commitSession(session));
  return headers;
}

/** Reads the pending toast, if any; the returned header clears it. */
export async function takeToast(request: Request) {
  const session = await getVisitorSession(request);
  const toast = session.get("toast") ?? null;
  const setCookie = toast ? await visitorStorage.commitSession(session) : null;
  return { toast, setCookie };
}

/** Redirect with a toast shown on the next page. */
export async function redirectWithToast(
  request: Request,
  url: string,
  toast: ToastInput,
  headers = new Headers(),
  options: { clearRedirect?: boolean } = {},
) {
  await flashToast(request, toast, headers, options);
  return redirect(url, { headers });
}
