// Only admins get in: on every admin page (and its form posts) a visitor is sent to sign in and a
// resident gets the 403 page; every admin endpoint answers a visitor 401 and a resident 403, as JSON.
import { expect, test, type APIRequestContext } from "@playwright/test";
import { query, signedInResident } from "./helpers";

const PAGES = [
  "/admin",
  "/admin/promo-codes",
  "/admin/supply",
  "/admin/supply/template",
  "/admin/supply/areas",
  "/admin/supply/close?date=2030-01-07",
  "/admin/day",
  "/admin/waitlist",
  "/admin/demand",
  "/admin/money",
  "/admin/book-for",
  "/admin/book-for?q=tremblay",
  "/admin/refunds",
  "/admin/team",
  "/admin/privacy",
  "/admin/privacy/1",
  "/admin/search?q=tremblay",
  "/admin/residents/1",
  "/admin/access-log",
];
const DOWNLOADS = [
  "/admin/promo-codes.csv",
  "/admin/day.csv",
  "/admin/waitlist.csv",
  "/admin/demand.csv?table=weeks",
  "/admin/money.csv?month=2026-11",
  "/admin/privacy.csv",
  "/admin/privacy/versions.csv",
];

/** Every admin form post, with a body that would change something if it were let through. */
const POSTS: Array<[string, Record<string, string>]> = [
  ["/admin?index", { intent: "createCodes", count: "5", percent: "50" }],
  ["/admin/promo-codes", { intent: "deactivate", codeId: "1" }],
  ["/admin/supply?index", { intent: "capacity", slotId: "1", capacity: "99" }],
  ["/admin/supply?index", { intent: "regenerate" }],
  ["/admin/supply/template", { intent: "saveTemplate", "active-7-morning": "on", "capacity-7-morning": "3" }],
  ["/admin/supply/areas", { intent: "open", fsa: "H7X", notify: "on" }],
  ["/admin/refunds", { intent: "retry", pickupId: "1" }],
  ["/admin/supply/close?date=2030-01-07", { intent: "close" }],
  ["/admin/day", { intent: "mark", pickupId: "1", mark: "Missed" }],
  ["/admin/waitlist", { intent: "notify", fsa: "H2X" }],
  [
    "/admin/book-for",
    {
      intent: "create",
      email: "intruder@recircle-mail.ca",
      locale: "fr",
      firstName: "Intrus",
      lastName: "Quelconque",
      streetAddress: "1 Rue Ontario Est",
      city: "Montréal",
      province: "QC",
      postalCode: "H2X 1Y6",
    },
  ],
  ["/admin/book-for", { intent: "book", resident: "1", bags: "1", slotId: "1" }],
  ["/admin/team", { intent: "invite", email: "intruder@recircle-mail.ca" }],
  ["/admin/team", { intent: "revoke", invitationId: "1" }],
  [
    "/admin/privacy",
    {
      intent: "record",
      personalInfo: "Names and addresses",
      circumstances: "A forged incident",
      occurredOn: "2026-01-05",
      discoveredOn: "2026-01-06",
      personsConcerned: "3",
      risk: "low",
    },
  ],
  [
    "/admin/privacy/1",
    {
      intent: "update",
      version: "1",
      personalInfo: "Names and addresses",
      circumstances: "A forged update",
      occurredOn: "2026-01-05",
      discoveredOn: "2026-01-06",
      personsConcerned: "3",
      risk: "none",
    },
  ],
];

const ENDPOINTS: Array<[string, "GET" | "POST"]> = [
  ["/api/admin/promo-stats", "GET"],
  ["/api/admin/promo-stats", "POST"],
  ["/api/admin/promo-redemptions", "GET"],
  ["/api/admin/promo-redemptions", "POST"],
  ["/api/admin/promo-codes", "POST"],
  ["/api/admin/promo-codes", "GET"],
  ["/api/admin/invitations", "POST"],
  ["/api/admin/invitations", "GET"],
];

/** What the posts above would have changed: none of it may move. */
function footprint() {
  const n = (sql: string) => query<{ n: number }>(sql)[0]!.n;
  return {
    codes: n("select count(*) as n from promo_codes"),
    activeCodes: n("select count(*) as n from promo_codes where active = 1"),
    capacities: n("select coalesce(sum(max_capacity), 0) as n from pickup_slots"),
    closed: n("select count(*) as n from pickup_slots where closed = 1"),
    slots: n("select count(*) as n from pickup_slots"),
    template: n("select count(*) as n from slot_templates where active = 1"),
    prefixes: n("select count(*) as n from service_prefixes where active = 1"),
    missed: n("select count(*) as n from pickup_requests where status <> 'Scheduled'"),
    notified: n("select count(*) as n from waitlist_entries where notified_at is not null"),
    activity: n("select count(*) as n from admin_activity"),
    invitations: n("select count(*) as n from role_invitations where email = 'intruder@recircle-mail.ca'"),
    incidentVersions: n("select count(*) as n from privacy_incident_versions"),
    accounts: n("select count(*) as n from users where email = 'intruder@recircle-mail.ca'"),
    phoneBookings: n("select count(*) as n from phone_bookings where user_id = 1 and slot_id = 1"),
  };
}

/** An admin endpoint, asking for English (Playwright's API requests send no Accept-Language: that is French). */
async function callApi(request: APIRequestContext, path: string, method: "GET" | "POST") {
  const headers = { "Accept-Language": "en-CA" };
  return method === "GET"
    ? request.get(path, { headers })
    : request.post(path, { data: { count: 5, percent: 50 }, headers });
}

test.describe("a visitor", () => {
  test("is sent to sign in from every admin page and download", async ({ page }) => {
    for (const path of [...PAGES, ...DOWNLOADS]) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(302);
      expect(response.headers().location, path).toBe(`/sign-in?redirect=${encodeURIComponent(path.slice(1))}`);
    }
    for (const path of PAGES) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/sign-in\?redirect=admin/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
    }
  });

  test("cannot post any admin form: sent to sign in, nothing changes", async ({ page }) => {
    const before = footprint();
    for (const [path, form] of POSTS) {
      const response = await page.request.post(path, { form, maxRedirects: 0 });
      expect(response.status(), `${path} ${form.intent}`).toBe(302);
      expect(response.headers().location, path).toMatch(/^\/sign-in\?redirect=admin/);
    }
    expect(footprint()).toEqual(before);
  });

  test("gets 401 JSON from every admin endpoint", async ({ request }) => {
    const before = footprint();
    for (const [path, method] of ENDPOINTS) {
      const response = await callApi(request, path, method);
      expect(response.status(), `${method} ${path}`).toBe(401);
      expect(await response.json()).toEqual({ message: "Please sign in with an admin account." });
    }
    expect(footprint()).toEqual(before);
  });
});

test.describe("a resident", () => {
  test("gets the Access denied page on every admin page and a 403 on every download", async ({ page }) => {
    await signedInResident(page, "not-admin");
    for (const path of PAGES) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(403);
      await expect(page.getByRole("heading", { level: 1, name: "Access denied" })).toBeVisible();
      await expect(page.getByRole("navigation", { name: "Admin" })).toHaveCount(0);
    }
    for (const path of DOWNLOADS) {
      const response = await page.request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(403);
      expect(response.headers()["content-disposition"]).toBeUndefined();
    }
  });

  test("cannot post any admin form: 403, nothing changes", async ({ page }) => {
    await signedInResident(page, "not-admin-post");
    const before = footprint();
    for (const [path, form] of POSTS) {
      const response = await page.request.post(path, { form, maxRedirects: 0 });
      expect(response.status(), `${path} ${form.intent}`).toBe(403);
    }
    expect(footprint()).toEqual(before);
  });

  test("gets 403 JSON from every admin endpoint", async ({ page }) => {
    await signedInResident(page, "not-admin-api");
    const before = footprint();
    for (const [path, method] of ENDPOINTS) {
      const response = await callApi(page.request, path, method);
      expect(response.status(), `${method} ${path}`).toBe(403);
      expect(await response.json()).toEqual({ message: "Admins only: your account does not have access to this." });
    }
    expect(footprint()).toEqual(before);
  });
});

test.describe("in French", () => {
  test.use({ locale: "fr-CA" });

  test("un résident voit « Accès refusé » et l'API répond en français", async ({ page }) => {
    await signedInResident(page, "pas-admin");
    const response = await page.goto("/admin");
    expect(response?.status()).toBe(403);
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");
    await expect(page.getByRole("heading", { level: 1, name: "Accès refusé" })).toBeVisible();
    const api = await page.request.get("/api/admin/promo-stats", { headers: { "Accept-Language": "fr-CA" } });
    expect(api.status()).toBe(403);
    expect(await api.json()).toEqual({ message: "Réservé aux administrateurs : votre compte n'y a pas accès." });
  });
});
