// Who is asking: the signed-in user of a request, and the sign-in and sign-out cookies.
import { redirect } from "@remix-run/node";
import { carriesSession, findSessionUser, SESSION_DAYS } from "~/services/accounts/session-rows.server";
import { clearedSessionCookie, sessionStorage } from "./session-storage.server";
import { touchSession } from "~/services/accounts/session-list.server";
import { getT } from "./language.server";
import { redirectWithToast } from "./toast.server";
import { assertAllowedHost } from "./trusted-origin.server";
import { now } from "~/lib/clock";

export async function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export async function getUserId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  return typeof userId === "number" ? userId : null;
}

/**
 * The signed-in user; the session's last-seen time and browser are noted (for the profile's session list). A
 * page's loaders (the root's and the route's) ask with the same GET request: it is read once per request (issue
 * 44, first views). Any other method reads again, as an action may have just changed who is signed in.
 */
export function getUser(request: Request) {
  if (request.method !== "GET") return readUser(request);
  let user = usersOfRequests.get(request);
  if (!user) {
    user = readUser(request);
    usersOfRequests.set(request, user);
  }
  return user;
}

const usersOfRequests = new WeakMap<Request, ReturnType<typeof readUser>>();

async function readUser(request: Request) {
  const session = await getSession(request);
  const userId = session.get("userId");
  if (typeof userId !== "number") return null;
  const user = findSessionUser(userId);
  if (user && session.id) touchSession(session.id, userId, request.headers.get("User-Agent") ?? "");
  return user;
}

/** The path a signed-out visitor is sent back to after signing in: 'history' for /history. */
function redirectParam(request: Request): string {
  const url = new URL(request.url);
  return url.pathname.replace(/^\//, "") + url.search;
}

/**
 * Pages: a visitor is sent to sign in and brought back here afterwards. A request whose session cookie no
 * longer signs anyone in (expired, signed out elsewhere, password changed or reset, account deleted) is told
 * so on the sign-in page ("You are logged out...", a flash toast) and its dead cookie is cleared; a visitor who
 * never signed in is sent there without a word.
 */
export async function requireUser(request: Request) {
  assertAllowedHost(request);
  const user = await getUser(request);
  if (!user) {
    const signIn = `/sign-in?redirect=${encodeURIComponent(redirectParam(request))}`;
    if (!carriesSession(request)) throw redirect(signIn);
    // The dead cookie is cleared without a write (the session row is gone or expired already).
    const headers = new Headers({ "Set-Cookie": await clearedSessionCookie() });
    throw await redirectWithToast(request, signIn, { title: "toast.loggedOut", type: "info" }, headers);
  }
  return user;
}

/** The 401 message of the API: "You are logged out..." when the session cookie sent is no longer valid. */
export function unauthorizedMessage(request: Request, t: (key: string) => string): string {
  return carriesSession(request) ? t("common:toast.loggedOut") : t("errors.unauthorized");
}

/** JSON API: a visitor gets 401, in their language. */
export async function requireApiUser(request: Request) {
  assertAllowedHost(request);
  const user = await getUser(request);
  if (!user) {
    const t = await getT(request);
    throw Response.json({ message: unauthorizedMessage(request, t) }, { status: 401 });
  }
  return user;
}

/**
 * Signs `userId` in: a new session row and its cookie (appended to `headers`). The browser of `request`
 * (the sign-in, sign-up or invitation it answers) names the session from its first moment.
 */
export async function createUserSession(
  userId: number,
  { request, headers = new Headers() }: { request?: Request; headers?: Headers } = {},
) {
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
  const userAgent = request?.headers.get("User-Agent");
  if (userAgent) session.set("userAgent", userAgent);
  headers.append(
    "Set-Cookie",
    await sessionStorage.commitSession(session, {
      expires: new Date(now() + SESSION_DAYS * 86_400_000),
    }),
  );
  return headers;
}

export async function destroyUserSession(request: Request, headers = new Headers()) {
  const session = await getSession(request);
  headers.append("Set-Cookie", await sessionStorage.destroySession(session));
  return headers;
}
