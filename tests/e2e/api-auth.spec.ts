import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueEmail, userCount } from "./helpers";

// The JSON API does not depend on the page's JavaScript: run it once.
test.describe("auth API", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API only");

  test("/api/auth/me answers 401 without a session and the user with one", async ({ request }) => {
    const anonymous = await request.get("/api/auth/me");
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toHaveProperty("message");

    const email = uniqueEmail("api-me");
    const registered = await request.post("/api/auth/register", {
      data: { email, password: PASSWORD, postalFsa: "h2x" },
    });
    expect(registered.status()).toBe(201);
    const me = await request.get("/api/auth/me");
    expect(me.status()).toBe(200);
    const user = await me.json();
    expect(user).toMatchObject({ email, postalFsa: "H2X", hasCompletedOnboarding: false, province: "QC" });
    expect(user).not.toHaveProperty("passwordHash");

    const out = await request.post("/api/auth/logout");
    expect(out.status()).toBe(200);
    expect((await request.get("/api/auth/me")).status()).toBe(401);

    const login = await request.post("/api/auth/login", { data: { email, password: PASSWORD } });
    expect(login.status()).toBe(200);
    expect((await login.json()).email).toBe(email);
    expect((await request.get("/api/auth/me")).status()).toBe(200);
  });

  test("bad input answers 4xx with a message and creates nothing", async ({ request }) => {
    const email = uniqueEmail("api-bad");
    const bodies = [
      { data: { email: "nope", password: PASSWORD }, message: "Invalid email" },
      { data: { email, password: "123" }, message: "Password must be at least 6 characters" },
      { data: { email: "x@mailinator.com", password: PASSWORD }, message: "Please use a valid email address" },
      { data: { email: 42, password: [] }, message: undefined },
    ];
    for (const body of bodies) {
      const response = await request.post("/api/auth/register", { data: body.data });
      expect(response.status()).toBe(400);
      const json = await response.json();
      expect(typeof json.message).toBe("string");
      if (body.message) expect(json.message).toBe(body.message);
    }
    const malformed = await request.post("/api/auth/register", {
      headers: { "Content-Type": "application/json" },
      data: "{not json",
    });
    expect(malformed.status()).toBe(400);
    expect(userCount(email)).toBe(0);

    await request.post("/api/auth/register", { data: { email, password: PASSWORD } });
    const again = await request.post("/api/auth/register", { data: { email, password: PASSWORD } });
    expect(again.status()).toBe(409);
    expect((await again.json()).message).toBe("User already exists");
    expect(userCount(email)).toBe(1);

    const wrong = await request.post("/api/auth/login", { data: { email, password: "wrong-password" } });
    expect(wrong.status()).toBe(401);
    expect((await wrong.json()).message).toBe("Invalid credentials");
  });

  test("forgot and reset password through the API", async ({ request }) => {
    const email = uniqueEmail("api-reset");
    await request.post("/api/auth/register", { data: { email, password: PASSWORD } });
    const forgot = await request.post("/api/auth/forgot-password", { data: { email } });
    expect(forgot.status()).toBe(200);
    const badReset = await request.post("/api/auth/reset-password", {
      data: { token: "bogus", newPassword: "abcdef" },
    });
    expect(badReset.status()).toBe(400);
    expect((await badReset.json()).message).toBe(
      "Failed to reset password. Please try again or request a new reset link.",
    );
  });

  test("a cross-site form post is refused", async ({ request }) => {
    const response = await request.post("/api/auth/login", {
      headers: { Origin: "https://evil.example.net", "Sec-Fetch-Site": "cross-site" },
      data: { email: "a@b.ca", password: PASSWORD },
    });
    expect(response.status()).toBe(403);
  });

  test("the health check queries the database", async ({ request }) => {
    const response = await request.get("/healthz");
    expect(response.status()).toBe(200);
    expect(await response.json()).toMatchObject({ status: "ok", materials: 12 });
  });
});
