// Issue 21, part 5: common passwords refused on sign-up, reset and change (service, page and JSON API);
// scrypt at N=2^17 with older hashes redone at the next sign-in; changing the password signs out the
// account's other sessions and keeps the current one.
import crypto from "node:crypto";
import type { ActionFunctionArgs } from "@remix-run/node";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  AccountError,
  changePassword,
  registerUser,
  requestPasswordReset,
  resetPassword,
  verifyLogin,
} from "~/services/accounts/accounts.server";
import { isCommonPassword } from "~/services/accounts/common-passwords.server";
import { hashPassword, needsRehash, verifyPassword } from "~/services/accounts/passwords.server";
import { createUserSession, getUser } from "~/services/http/current-user.server";
import { resetRateLimits } from "~/services/http/rate-limit.server";
import { db, schema } from "~/services/platform/db.server";
import { action as apiRegister } from "~/routes/api.auth.register";
import { action as apiReset } from "~/routes/api.auth.reset-password";
import { action as apiChange } from "~/routes/api.auth.change-password";
import { action as signUpAction } from "~/routes/sign-up";
import { action as resetPageAction } from "~/routes/reset-password";
import { action as profileAction } from "~/routes/profile/route";

afterEach(() => resetRateLimits());

let n = 0;
const email = () => `pw-${++n}-${Date.now()}@bell.net`;
const PASSWORD = "sorting-day-1";

async function call(
  handler: (args: ActionFunctionArgs) => unknown,
  path: string,
  body: { json?: unknown; form?: Record<string, string> },
  options: { cookie?: string; lang?: string } = {},
) {
  const headers = new Headers({ "Accept-Language": options.lang ?? "en-CA" });
  if (options.cookie) headers.set("Cookie", options.cookie);
  headers.set("Content-Type", body.json !== undefined ? "application/json" : "application/x-www-form-urlencoded");
  const request = new Request(`http://localhost${path}`, {
    method: "POST",
    headers,
    body: body.json !== undefined ? JSON.stringify(body.json) : new URLSearchParams(body.form).toString(),
  });
  let answer: unknown;
  try {
    answer = await handler({ request, params: {}, context: {} });
  } catch (thrown) {
    answer = thrown;
  }
  // A Response, or Remix's data() (DataWithResponseInit: { data, init }).
  if (answer instanceof Response) {
    const text = await answer.text();
    return { status: answer.status, headers: answer.headers, body: text ? JSON.parse(text) : null };
  }
  const { data, init } = answer as { data: unknown; init: ResponseInit | null };
  return { status: init?.status ?? 200, headers: new Headers(init?.headers), body: data };
}

const cookieOf = async (userId: number) => (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;
const fieldErrors = (body: unknown) => (body as { reply: { error: Record<string, string[]> } }).reply.error;

function resetToken(address: string) {
  const row = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, address)).all().at(-1)!;
  return new URL(/https?:\/\/\S+/.exec(row.text)![0]).searchParams.get("token")!;
}

describe("common passwords", () => {
  it("the list holds the most common ones (at least 10,000) and leaves others alone", () => {
    for (const common of ["123456", "password", "qwerty", "Password", "iloveyou", "password123"]) {
      expect(isCommonPassword(common)).toBe(true);
    }
    for (const fine of ["sorting-day-1", "Bleu-Recyclage-42", "correct horse battery staple"]) {
      expect(isCommonPassword(fine)).toBe(false);
    }
  });

  it("sign-up refuses them, page (field error) and JSON API (translated message), and creates nothing", async () => {
    for (const password of ["123456", "password", "qwerty"]) {
      resetRateLimits();
      const address = email();
      const api = await call(apiRegister, "/api/auth/register", { json: { email: address, password } });
      expect(api.status).toBe(400);
      expect(api.body.message).toMatch(/most common/);
      const fr = await call(
        apiRegister,
        "/api/auth/register",
        { json: { email: address, password } },
        { lang: "fr-CA" },
      );
      expect(fr.body.message).toMatch(/plus courants/);
      const page = await call(signUpAction, "/sign-up", {
        form: { email: address, password, confirmPassword: password },
      });
      expect(page.status).toBe(400);
      expect(fieldErrors(page.body).password).toEqual(["errors.passwordCommon"]);
      expect(db.select().from(schema.users).where(eq(schema.users.email, address)).get()).toBeUndefined();
    }
  });

  it("reset refuses them (page and API) and leaves the token usable", async () => {
    const address = email();
    await registerUser({ email: address, password: PASSWORD, locale: "en" });
    await requestPasswordReset(address, "http://localhost", "en");
    const token = resetToken(address);
    await expect(resetPassword(token, "password")).rejects.toMatchObject({ key: "errors.passwordCommon" });
    const api = await call(apiReset, "/api/auth/reset-password", { json: { token, newPassword: "qwerty" } });
    expect(api.status).toBe(400);
    expect(api.body.message).toMatch(/most common/);
    const page = await call(resetPageAction, "/reset-password", {
      form: { token, newPassword: "123456", confirmPassword: "123456" },
    });
    expect(page.status).toBe(400);
    expect(fieldErrors(page.body).newPassword).toEqual(["errors.passwordCommon"]);
    await resetPassword(token, "a-better-one-7");
    await expect(verifyLogin(address, "a-better-one-7")).resolves.toBeTruthy();
  });
});

describe("scrypt cost", () => {
  it("production hashes at N=2^17 (tests lower it only through PASSWORD_HASH_COST_FOR_TESTS under NODE_ENV=test)", async () => {
    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      const hash = await hashPassword(PASSWORD);
      expect(hash.split("$")[1]).toBe(String(2 ** 17));
      await expect(verifyPassword(PASSWORD, hash)).resolves.toBe(true);
      expect(needsRehash(hash)).toBe(false);
    } finally {
      process.env.NODE_ENV = saved;
    }
  });

  it("an old hash (N=2^14) signs in and is redone at today's cost; the password still works", async () => {
    const address = email();
    const user = await registerUser({ email: address, password: PASSWORD, locale: "en" });
    // The hash format the app wrote before: scrypt$16384$salt$key.
    const salt = crypto.randomBytes(16);
    const key = crypto.scryptSync(PASSWORD, salt, 64, { N: 2 ** 14, r: 8, p: 1 });
    const old = `scrypt$16384$${salt.toString("base64")}$${key.toString("base64")}`;
    db.update(schema.users).set({ passwordHash: old }).where(eq(schema.users.id, user.id)).run();

    const saved = process.env.NODE_ENV;
    process.env.NODE_ENV = "production"; // Today's cost: 2^17.
    try {
      await expect(verifyLogin(address, "not-it-at-all")).rejects.toBeInstanceOf(AccountError);
      expect(db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.passwordHash).toBe(old);
      await verifyLogin(address, PASSWORD);
      const upgraded = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!.passwordHash;
      expect(upgraded).not.toBe(old);
      expect(upgraded).toMatch(/^scrypt\$131072\$/);
      await expect(verifyLogin(address, PASSWORD)).resolves.toMatchObject({ id: user.id });
    } finally {
      process.env.NODE_ENV = saved;
    }
  });
});

describe("change password", () => {
  it("needs the current password, refuses a common one, and signs out the other sessions only", async () => {
    const address = email();
    const user = await registerUser({ email: address, password: PASSWORD, locale: "en" });
    const here = await cookieOf(user.id);
    const elsewhere = await cookieOf(user.id);
    const signedIn = async (cookie: string) =>
      (await getUser(new Request("http://localhost/", { headers: { Cookie: cookie } })))?.id ?? null;

    const wrong = await call(
      apiChange,
      "/api/auth/change-password",
      { json: { currentPassword: "not-mine", newPassword: "new-and-fine-1" } },
      { cookie: here },
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("Your current password is not right");
    const common = await call(
      apiChange,
      "/api/auth/change-password",
      { json: { currentPassword: PASSWORD, newPassword: "password" } },
      { cookie: here },
    );
    expect(common.status).toBe(400);
    expect(common.body.message).toMatch(/most common/);
    expect(await signedIn(elsewhere)).toBe(user.id);

    const ok = await call(
      apiChange,
      "/api/auth/change-password",
      { json: { currentPassword: PASSWORD, newPassword: "new-and-fine-1" } },
      { cookie: here },
    );
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe("Password changed");
    expect(await signedIn(here)).toBe(user.id);
    expect(await signedIn(elsewhere)).toBeNull();
    await expect(verifyLogin(address, "new-and-fine-1")).resolves.toBeTruthy();
    await expect(verifyLogin(address, PASSWORD)).rejects.toBeInstanceOf(AccountError);

    const visitor = await call(apiChange, "/api/auth/change-password", {
      json: { currentPassword: "x", newPassword: "new-and-fine-2" },
    });
    expect(visitor.status).toBe(401);
  });

  it("the profile's form: field errors in place, then a redirect to /profile; the other session ends", async () => {
    const address = email();
    const user = await registerUser({ email: address, password: PASSWORD, locale: "en" });
    const here = await cookieOf(user.id);
    const elsewhere = await cookieOf(user.id);
    const form = (fields: Record<string, string>) =>
      call(profileAction, "/profile", { form: { intent: "change-password", ...fields } }, { cookie: here });

    const mismatch = await form({ currentPassword: PASSWORD, newPassword: "new-and-fine-1", confirmPassword: "x" });
    expect(mismatch.status).toBe(400);
    expect(fieldErrors(mismatch.body).confirmPassword).toEqual(["errors.passwordsDontMatch"]);
    // Passwords are never sent back into the page.
    expect(JSON.stringify(mismatch.body)).not.toContain("new-and-fine-1");
    const wrong = await form({
      currentPassword: "nope-nope",
      newPassword: "new-and-fine-1",
      confirmPassword: "new-and-fine-1",
    });
    expect(fieldErrors(wrong.body).currentPassword).toEqual(["errors.currentPasswordWrong"]);
    const common = await form({ currentPassword: PASSWORD, newPassword: "qwerty", confirmPassword: "qwerty" });
    expect(fieldErrors(common.body).newPassword).toEqual(["errors.passwordCommon"]);

    const done = await form({
      currentPassword: PASSWORD,
      newPassword: "new-and-fine-1",
      confirmPassword: "new-and-fine-1",
    });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/profile");
    const signedIn = async (cookie: string) =>
      (await getUser(new Request("http://localhost/", { headers: { Cookie: cookie } })))?.id ?? null;
    expect(await signedIn(here)).toBe(user.id);
    expect(await signedIn(elsewhere)).toBeNull();
    await expect(
      changePassword({
        userId: user.id,
        currentPassword: PASSWORD,
        newPassword: "x-y-z-1-2",
        keepSessionId: undefined,
      }),
    ).rejects.toMatchObject({ key: "errors.currentPasswordWrong" });
  });
});
