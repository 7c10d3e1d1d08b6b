// Admin rights are earned (issue 21, part 2), JavaScript on and off: an admin invites an address from
// /admin/team (or the JSON API), the invitee follows the link e-mailed to it (read from the outbox) and
// accepts; /admin is refused before. A signed-out invitee signs in and comes back to the link; another
// account gets a message and nothing changes; an ADMIN_EMAILS address that signs up is no admin yet.
import { expect, test, type Browser, type Page } from "@playwright/test";
import { otherBrowser, signInAdmin } from "./admin-fixtures";
import { insertResident, interactive, lastEmail, PASSWORD, query, signInAs } from "./helpers";

function roleOf(email: string) {
  return query<{ role: string }>("select role from users where email = ?", email)[0]?.role;
}

/** The invitation link of the newest e-mail to `email` (its subject in the account's language), as a path. */
function invitationLink(email: string, subject = "You are invited to help run ReCircle"): string {
  const mail = lastEmail(email);
  expect(mail?.subject).toBe(subject);
  const link = new URL(/https?:\/\/\S+\/admin-invitation\?token=\S+/.exec(mail!.text)![0]);
  return `${link.pathname}${link.search}`;
}

async function sessionCookie(page: Page) {
  return (await page.context().cookies()).find((c) => c.name === "__session")?.value;
}

async function browserFor(browser: Browser, baseURL: string | undefined, javaScriptEnabled: boolean | undefined) {
  return otherBrowser(browser, { baseURL, javaScriptEnabled, locale: "en-CA" });
}

test("an admin invites an address; the invitee follows the e-mailed link, accepts and becomes an admin", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled;
  const inviteePage = await browserFor(browser, baseURL, javaScriptEnabled);
  const invitee = await signInAs(inviteePage, { tag: "invitee", locale: "en" });

  // Not an admin yet.
  expect((await inviteePage.goto("/admin"))?.status()).toBe(403);

  await signInAdmin(page.request);
  await page.goto("/admin");
  await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Team" }).click();
  await expect(page).toHaveURL(/\/admin\/team$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Admin team");
  await interactive(page);

  // A malformed address is refused in place; an existing admin too.
  await page.getByLabel("E-mail address").fill("not an address");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
  await page.getByLabel("E-mail address").fill("ops@recircle-admin.ca");
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "is already an admin" })).toBeVisible();

  await page.getByLabel("E-mail address").fill(invitee.email);
  await page.getByRole("button", { name: "Send the invitation" }).click();
  await expect(page.getByTestId("toast")).toContainText(`Invitation sent to ${invitee.email}`);
  await expect(page.getByTestId("team-pending").locator(`tr[data-email="${invitee.email}"]`)).toContainText(
    "ops@recircle-admin.ca",
  );

  // The invitee follows the link from the e-mail and accepts.
  const link = invitationLink(invitee.email);
  const opened = await inviteePage.goto(link);
  expect(opened?.status()).toBe(200);
  await expect(inviteePage.getByRole("heading", { level: 1 })).toHaveText("Admin invitation");
  await expect(inviteePage.getByTestId("admin-invitation")).toContainText(invitee.email);
  const before = await sessionCookie(inviteePage);
  await interactive(inviteePage);
  await inviteePage.getByRole("button", { name: "Accept the admin role" }).click();
  await expect(inviteePage).toHaveURL(/\/admin$/);
  await expect(inviteePage.getByTestId("toast")).toContainText("You are now an admin");
  await expect(inviteePage.getByRole("navigation", { name: "Admin" })).toBeVisible();
  expect(roleOf(invitee.email)).toBe("admin");

  // The session was renewed: the old cookie no longer signs anyone in.
  const after = await sessionCookie(inviteePage);
  expect(after).toBeTruthy();
  expect(after).not.toBe(before);
  const old = await inviteePage.request.get("/api/auth/me", {
    headers: { Cookie: `__session=${before}` },
  });
  expect(old.status()).toBe(401);

  // The link works once.
  const again = await inviteePage.goto(link);
  expect(again?.status()).toBe(410);
  await expect(inviteePage.getByRole("alert")).toHaveText("This invitation was already accepted.");

  // The team page and the activity log show it.
  await page.goto("/admin/team");
  await expect(page.getByTestId("team-admins").locator(`tr[data-email="${invitee.email}"]`)).toBeVisible();
  await expect(page.getByTestId("team-pending").locator(`tr[data-email="${invitee.email}"]`)).toHaveCount(0);
  await page.goto("/admin");
  await expect(page.getByTestId("activity")).toContainText(`${invitee.email} accepted the admin invitation`);
  await inviteePage.context().close();
});

test("signed out, the link goes through sign-in and back; another account sees a message and nothing changes", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  const javaScriptEnabled = testInfo.project.use.javaScriptEnabled;
  const invitee = await insertResident({ tag: "signed-out-invitee" });

  // Invited through the JSON API (the same service as the page).
  await signInAdmin(page.request);
  const created = await page.request.post("/api/admin/invitations", {
    data: { email: invitee.email },
    headers: { "Accept-Language": "en-CA" },
  });
  expect(created.status()).toBe(201);
  expect(await created.json()).toMatchObject({ email: invitee.email });
  const link = invitationLink(invitee.email);

  // Another account: a clear message, no button, nothing changes.
  const otherPage = await browserFor(browser, baseURL, javaScriptEnabled);
  const other = await signInAs(otherPage, { tag: "not-invited", locale: "en" });
  expect((await otherPage.goto(link))?.status()).toBe(403);
  await expect(otherPage.getByRole("alert")).toContainText("This invitation was sent to another address");
  await expect(otherPage.getByRole("button", { name: "Accept the admin role" })).toHaveCount(0);
  expect(roleOf(other.email)).toBe("resident");
  expect(roleOf(invitee.email)).toBe("resident");
  await otherPage.context().close();

  // Signed out: sent to sign in (the token stays out of the address bar), then back to the invitation.
  const visitorPage = await browserFor(browser, baseURL, javaScriptEnabled);
  await visitorPage.goto(link);
  await expect(visitorPage).toHaveURL(/\/sign-in$/);
  await interactive(visitorPage);
  await visitorPage.getByLabel("Email").fill(invitee.email);
  await visitorPage.getByLabel("Password", { exact: true }).fill(PASSWORD);
  await visitorPage.getByRole("button", { name: "Sign in" }).click();
  await expect(visitorPage).toHaveURL(/\/admin-invitation\?token=/);
  expect(roleOf(invitee.email)).toBe("resident");
  await interactive(visitorPage);
  await visitorPage.getByRole("button", { name: "Accept the admin role" }).click();
  await expect(visitorPage).toHaveURL(/\/admin$/);
  expect(roleOf(invitee.email)).toBe("admin");
  await visitorPage.context().close();

  // An unknown token: a message.
  const unknown = await page.goto("/admin-invitation?token=not-a-real-token");
  expect(unknown?.status()).toBe(404);
  await expect(page.getByRole("alert")).toContainText("This invitation link is not valid");
});

test("an ADMIN_EMAILS address that signs up is no admin: it is e-mailed an invitation instead", async ({
  page,
}, testInfo) => {
  // playwright.config.ts lists these addresses in ADMIN_EMAILS, one per project.
  const email = `listed-${testInfo.project.name}@recircle-admin.ca`;
  const registered = await page.request.post("/api/auth/register", {
    data: { email, password: PASSWORD, postalFsa: "H2X" },
  });
  if (registered.status() === 409) {
    // A retry: the account is there from the first attempt.
    expect((await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  } else {
    expect(registered.status()).toBe(201);
    expect(await registered.json()).toMatchObject({ email, isAdmin: false });
    expect((await page.request.post("/api/auth/complete-onboarding")).status()).toBe(200);
  }
  expect(await (await page.request.get("/api/auth/me")).json()).toMatchObject({ isAdmin: false });
  expect((await page.request.get("/api/admin/promo-stats")).status()).toBe(403);
  expect(roleOf(email)).toBe("resident");
  // Signing in again sends no second invitation while the first is pending.
  expect((await page.request.post("/api/auth/login", { data: { email, password: PASSWORD } })).status()).toBe(200);
  expect(
    query<{ n: number }>(
      "select count(*) as n from email_outbox where \"to\" = ? and kind = 'role-invitation'",
      email,
    )[0]!.n,
  ).toBe(1);

  // Following the link (e-mailed in French: the API calls above asked for no language) makes it an admin.
  await page.goto(invitationLink(email, "Invitation à administrer ReCircle"));
  await interactive(page);
  await page.getByRole("button", { name: "Accept the admin role" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  expect(roleOf(email)).toBe("admin");
});
