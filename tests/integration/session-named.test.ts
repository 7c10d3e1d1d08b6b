// A session is named from the request that made it (issue 42 part 11): the profile's list shows the
// browser and system of a sign-in, a sign-up or the JSON login at once, before the session is used again.
import { eq } from "drizzle-orm";
import type { ActionFunctionArgs } from "@remix-run/node";
import { beforeEach, describe, expect, it } from "vitest";
import { action as signInAction } from "~/routes/sign-in";
import { action as signUpAction } from "~/routes/sign-up";
import { action as apiLogin } from "~/routes/api.auth.login";
import { action as apiRegister } from "~/routes/api.auth.register";
import { listSessions } from "~/services/accounts/session-list.server";
import { resetRateLimits } from "~/services/http/rate-limit.server";
import { db, schema } from "~/services/platform/db.server";
import { ensureSeeded, resident } from "./fixtures";

const FIREFOX_ON_LINUX = "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function post(action: (args: ActionFunctionArgs) => unknown, path: string, body: URLSearchParams | string) {
  const json = typeof body === "string";
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers: {
      "Content-Type": json ? "application/json" : "application/x-www-form-urlencoded",
      "Accept-Language": "en-CA",
      "User-Agent": path.startsWith("/api") ? SAFARI_ON_IPHONE : FIREFOX_ON_LINUX,
    },
    body: json ? body : body.toString(),
  });
  try {
    return (await action({ request, params: {}, context: {} })) as Response;
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    throw thrown;
  }
}

function userIdOf(email: string) {
  return db.select().from(schema.users).where(eq(schema.users.email, email)).get()!.id;
}

beforeEach(() => {
  ensureSeeded();
  resetRateLimits();
});

describe("a session is named when it is made", () => {
  it("signing in on the page names the session with its browser and system, with no second request", async () => {
    const user = await resident();
    const answer = await post(
      signInAction,
      "/sign-in",
      new URLSearchParams({ email: user.email, password: "sorting-day-1" }),
    );
    expect(answer.status).toBe(302);
    const [session] = listSessions(user.id, undefined);
    expect(session).toMatchObject({ browser: "Firefox 128", system: "Linux" });
  });

  it("signing up on the page names the new account's first session", async () => {
    const email = `named-${Date.now()}@bell.net`;
    const answer = await post(
      signUpAction,
      "/sign-up",
      new URLSearchParams({ email, password: "sorting-day-1", confirmPassword: "sorting-day-1", postalFsa: "H2X" }),
    );
    expect(answer.status).toBe(302);
    expect(listSessions(userIdOf(email), undefined)).toMatchObject([{ browser: "Firefox 128", system: "Linux" }]);
  });

  it("the JSON login and register name their sessions too", async () => {
    const user = await resident();
    const login = await post(
      apiLogin,
      "/api/auth/login",
      JSON.stringify({ email: user.email, password: "sorting-day-1" }),
    );
    expect(login.status).toBe(200);
    expect(listSessions(user.id, undefined)).toMatchObject([{ browser: "Mobile Safari 17", system: "iOS 17.5" }]);

    const email = `named-api-${Date.now()}@bell.net`;
    const registered = await post(
      apiRegister,
      "/api/auth/register",
      JSON.stringify({ email, password: "sorting-day-1", postalFsa: "H2X" }),
    );
    expect(registered.status).toBe(201);
    expect(listSessions(userIdOf(email), undefined)).toMatchObject([
      { browser: "Mobile Safari 17", system: "iOS 17.5" },
    ]);
  });

  it("the User-Agent is kept in its column, not in the session's data", async () => {
    const user = await resident();
    await post(signInAction, "/sign-in", new URLSearchParams({ email: user.email, password: "sorting-day-1" }));
    const row = db.select().from(schema.sessions).where(eq(schema.sessions.userId, user.id)).get()!;
    expect(row.userAgent).toBe(FIREFOX_ON_LINUX);
    expect(JSON.parse(row.data)).toEqual({ userId: user.id });
  });
});
