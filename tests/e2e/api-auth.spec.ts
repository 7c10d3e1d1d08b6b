import { expect, test } from "@playwright/test";
import { PASSWORD, uniqueEmail, userCount } from "./helpers";

// The JSON API does not depend on the page's JavaScript: run it once.
test.describe("auth API", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "API only");
  // Playwright's API requests do not send the locale as Accept-Language, and a request with no language
  // preference is answered in French: these assert English, so they ask for it.
  test.use({ extraHTTPHeaders: { "Accept-Language": "en-CA" } });

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
      {
        data: { email: "x@mailinator.com", password: PASSWORD },
        message: "This looks like a temporary address: please use one you will keep",
      },
      // Only in the maintained list of disposable domains (the server's check).
      {
        data: { email: "x@maildrop.cc", password: PASSWORD },
        message: "This looks like a temporary address: please use one you will keep",
      },
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

// Issue 20, item 8: with no language cookie and neither French nor English in Accept-Language, French.
test.describe("a request with no language preference", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "no browser involved");

  test("is answered in French: the page's <html lang> and the API's messages", async ({ request, baseURL }) => {
    // Playwright's API requests send no Accept-Language at all; Node's fetch sends `*`.
    const page = await request.get("/");
    expect(page.status()).toBe(200);
    expect(await page.text()).toMatch(/<html[^>]*\slang="fr"/);
    const anonymous = await request.get("/api/auth/me");
    expect(anonymous.status()).toBe(401);
    expect(await anonymous.json()).toEqual({ message: "Veuillez vous connecter pour continuer." });

    for (const header of ["*", "de-DE", "de, en;q=0.5"]) {
      const response = await fetch(`${baseURL}/api/auth/me`, { headers: { "Accept-Language": header } });
      expect(response.status, header).toBe(401);
      expect((await response.json()).message, header).toBe(
        header.includes("en") ? "Please sign in to continue." : "Veuillez vous connecter pour continuer.",
      );
    }
    const english = await request.get("/", { headers: { "Accept-Language": "en-US,en;q=0.9" } });
    expect(await english.text()).toMatch(/<html[^>]*\slang="en"/);
  });
});
