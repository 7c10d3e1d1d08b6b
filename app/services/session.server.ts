// Who is asking: database-backed sessions (HttpOnly cookie holding a random id), the current user,
// the page to return to after sign-in, and flash toasts that survive a redirect.
import { createCookieSessionStorage, createSessionStorage, redirect } from "@remix-run/node";
import { and, eq, gt, lt } from "drizzle-orm";
import { env } from "./config.server";
import { db, schema } from "./db.server";
import { randomToken } from "./passwords.server";
import { now } from "~/lib/clock";
import { safeRedirect } from "~/lib/safe-redirect";

const SESSION_DAYS = 30;
const secure = env.NODE_ENV === "production" && process.env.INSECURE_COOKIES !== "1";

type SessionData = { userId: number; modifyingPickupId?: number };

export const sessionStorage = createSessionStorage<SessionData>({
  cookie: {
    name: "__session",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [env.sessionSecret],
    maxAge: 60 * 60 * 24 * SESSION_DAYS,
  },
  async createData(data, expires) {
    if (!data.userId) throw new Error("A session needs a user");
    const id = randomToken(24);
    db.insert(schema.sessions)
      .values({
        id,
        userId: data.userId,
        data: JSON.stringify(data),
        expiresAt: expires?.getTime() ?? now() + SESSION_DAYS * 86_400_000,
        createdAt: now(),
      })
      .run();
    return id;
  },
  async readData(id) {
    const row = db
      .select()
      .from(schema.sessions)
      .where(and(eq(schema.sessions.id, id), gt(schema.sessions.expiresAt, now())))
      .get();
    return row ? (JSON.parse(row.data) as SessionData) : null;
  },
  async updateData(id, data, expires) {
    db.update(schema.sessions)
      .set({
        data: JSON.stringify(data),
        ...(expires ? { expiresAt: expires.getTime() } : {}),
      })
      .where(eq(schema.sessions.id, id))
      .run();
  },
  async deleteData(id) {
    db.delete(schema.sessions).where(eq(schema.sessions.id, id)).run();
  },
});

export async function getSession(request: Request) {
  return sessionStorage.getSession(request.headers.get("Cookie"));
}

export async function getUserId(request: Request): Promise<number | null> {
  const session = await getSession(request);
  const userId = session.get("userId");
  return typeof userId === "number" ? userId : null;
}

export async function getUser(request: Request) {
  const userId = await getUserId(request);
  if (!userId) return null;
  return db.select().from(schema.users).where(eq(schema.users.id, userId)).get() ?? null;
}

/** The path a signed-out visitor is sent back to after signing in: 'history' for /history. */
function redirectParam(request: Request): string {
  const url = new URL(request.url);
  return url.pathname.replace(/^\//, "") + url.search;
}

/** Pages: a visitor is sent to sign in and brought back here afterwards. */
export async function requireUser(request: Request) {
  const user = await getUser(request);
  if (!user) {
    throw redirect(`/sign-in?redirect=${encodeURIComponent(redirectParam(request))}`);
  }
  return user;
}

/** JSON API: a visitor gets 401. */
export async function requireApiUser(request: Request) {
  const user = await getUser(request);
  if (!user) throw Response.json({ message: "Unauthorized" }, { status: 401 });
  return user;
}

export async function createUserSession(userId: number, headers = new Headers()) {
  const session = await sessionStorage.getSession();
  session.set("userId", userId);
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

export function destroyAllSessionsOf(userId: number) {
  db.delete(schema.sessions).where(eq(schema.sessions.userId, userId)).run();
}

export function purgeExpiredSessions() {
  db.delete(schema.sessions).where(lt(schema.sessions.expiresAt, now())).run();
}

export async function setSessionValue<K extends keyof SessionData>(
  request: Request,
  key: K,
  value: SessionData[K] | undefined,
): Promise<string> {
  const session = await getSession(request);
  if (value === undefined) session.unset(key);
  else session.set(key, value as SessionData[K]);
  return sessionStorage.commitSession(session);
}

export async function getSessionValue<K extends keyof SessionData>(request: Request, key: K) {
  const session = await getSession(request);
  return session.get(key) as SessionData[K] | undefined;
}

// --- Visitor state: the return path after sign-in and flash toasts, in a signed cookie. ---

export type Toast = {
  id: string;
  /** Translation keys (common namespace) with their values. */
  title: string;
  description?: string;
  values?: Record<string, string | number>;
  type: "success" | "error" | "info";
};

const visitorStorage = createCookieSessionStorage<{ redirectTo?: string }, { toast: Toast }>({
  cookie: {
    name: "__visitor",
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    secure,
    secrets: [env.sessionSecret],
  },
});

async function getVisitorSession(request: Request) {
  return visitorStorage.getSession(request.headers.get("Cookie"));
}

/** Remembers where to go after sign-in. Only local paths are kept. */
/** A sign-in `redirect` parameter ("history", "/order/X") as a same-site path, or "" when it is not one. */
export function redirectParamPath(target: string | null | undefined): string {
  if (!target) return "";
  return safeRedirect(target.startsWith("/") ? target : `/${target}`, "");
}

export async function rememberRedirect(request: Request, target: string | null | undefined) {
  const safe = redirectParamPath(target);
  if (!safe) return null;
  const session = await getVisitorSession(request);
  session.set("redirectTo", safe);
  return visitorStorage.commitSession(session);
}

/** The remembered target (or '/'); pass `clearRedirect` to the toast that follows to forget it. */
export async function rememberedRedirect(request: Request): Promise<string> {
  const session = await getVisitorSession(request);
  return safeRedirect(session.get("redirectTo"), "/");
}

type ToastInput = Omit<Toast, "id" | "type"> & { type?: Toast["type"] };

export async function flashToast(
  request: Request,
  toast: ToastInput,
  headers = new Headers(),
  options: { clearRedirect?: boolean } = {},
) {
  const session = await getVisitorSession(request);
  session.flash("toast", { id: randomToken(6), type: "success", ...toast });
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
