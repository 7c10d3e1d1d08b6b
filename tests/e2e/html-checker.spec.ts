// Issue 24 (part 4): the W3C Nu HTML Checker (vnu-jar, on Java) over the server's HTML of every page, in
// English and French, signed out, as a resident with a booked pickup and as an admin, plus a few refused
// states (a form posted without JavaScript that comes back with its error). No error is allowed anywhere in
// the document: its last bytes are `</html>` (issue 32: the streamed data scripts come before the closing
// tags, services/serving/document-end), so the checker reads every page to its end. Warnings are allowed only where they are listed below with the reason. Each page's
// headings also make an outline without skipped levels: exactly one h1, then no level more than one deeper
// than the one before. The server's HTML does not depend on the browser, so this runs in the js project only.
import { execFile } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { expect, test, type APIRequestContext } from "@playwright/test";
import {
  doorPickups,
  montrealDate,
  recordedIncident,
  revisedIncident,
  scheduledPickup,
  signInAdmin,
} from "./admin-fixtures";
import { bookableSlotId, bookTwoBags, fillCard, insertPromoCode } from "./booking-fixtures";
import { insertResident, lastEmail, query, signInAs } from "./helpers";

/** The checker's jar, from the vnu-jar package (devDependency); it runs on the `java` of the PATH. */
const VNU_JAR = fileURLToPath(import.meta.resolve("vnu-jar/build/dist/vnu.jar"));
const LANGUAGES = { en: "en-CA,en;q=0.9", fr: "fr-CA,fr;q=0.9" } as const;
type Language = keyof typeof LANGUAGES;

/**
 * A page to check: a GET of `path`, or a form posted to it (a refused form comes back as a page); asked with
 * the test's signed-in request unless another (`as`) is given.
 */
type PageSpec = {
  path: string;
  status?: number;
  form?: Record<string, string>;
  as?: APIRequestContext;
  /** Redirects to follow (checkout names each new checkout in its address first); none unless given. */
  redirects?: number;
};
type Fetched = { name: string; file: string; html: string };

/** One of vnu's JSON messages (https://github.com/validator/validator/wiki/Output-»-JSON). */
type VnuMessage = {
  type: "error" | "info" | "non-document-error";
  subType?: "warning" | "fatal" | "io" | "schema" | "internal";
  url?: string;
  message: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  extract?: string;
};

/** Warnings accepted, each for a reason; every other warning fails like an error. */
const ACCEPTED_WARNINGS: RegExp[] = [];

function tmpDir(role: string) {
  const dir = path.join("tests", ".tmp", `html-checker-${process.env.E2E_PORT ?? "3100"}`, role);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Fetches every page in both languages (the server's HTML, no JavaScript) and writes each to a file. One page
 * in both languages before the next: a page may end a state the one before it needs.
 */
async function fetchAll(request: APIRequestContext, role: string, pages: PageSpec[]): Promise<Fetched[]> {
  const dir = tmpDir(role);
  const fetched: Fetched[] = [];
  for (const [index, spec] of pages.entries()) {
    for (const lang of Object.keys(LANGUAGES) as Language[]) {
      const headers = { "Accept-Language": LANGUAGES[lang] };
      const asker = spec.as ?? request;
      const response = spec.form
        ? await asker.post(spec.path, { form: spec.form, headers, maxRedirects: 0 })
        : await asker.get(spec.path, { headers, maxRedirects: spec.redirects ?? 0 });
      const name = `${role} ${lang} ${spec.form ? "POST " : ""}${spec.path}`;
      const location = response.headers()["location"];
      expect(
        response.status(),
        `${name} answers ${spec.status ?? 200}${location ? ` (sent to ${location})` : ""}`,
      ).toBe(spec.status ?? 200);
      expect(response.headers()["content-type"], name).toContain("text/html");
      const html = await response.text();
      expect(html.trimEnd().endsWith("</html>"), `${name} ends with </html>, nothing after it`).toBe(true);
      expect(html.match(/<\/html>/g), `${name} closes its document once`).toHaveLength(1);
      expect(html, `${name} is in its language`).toMatch(new RegExp(`<html[^>]*\\slang="${lang}"`));
      const file = path.resolve(dir, `${lang}-${String(index).padStart(2, "0")}.html`);
      fs.writeFileSync(file, html);
      fetched.push({ name, file, html });
    }
  }
  return fetched;
}

/** vnu over every file at once (one Java start), its findings that are not allowed, each naming its page. */
async function checkerFindings(pages: Fetched[]): Promise<string[]> {
  let stdout: string;
  try {
    ({ stdout } = await promisify(execFile)(
      "java",
      ["-Xss1m", "-jar", VNU_JAR, "--format", "json", "--stdout", ...pages.map((p) => p.file)],
      { maxBuffer: 64 * 1024 * 1024 },
    ));
  } catch (error) {
    if ((error as { code?: unknown }).code === "ENOENT") {
      throw new Error("The HTML checker needs Java on the PATH: `node scripts/ensure-java.mjs` installs it");
    }
    // vnu exits 1 when it reports an error; its report is still on stdout.
    stdout = (error as { stdout?: string }).stdout ?? "";
    if (!stdout) throw error;
  }
  const { messages } = JSON.parse(stdout) as { messages: VnuMessage[] };
  const byUrl = new Map(pages.map((p) => [`file:${p.file}`, p]));
  const findings: string[] = [];
  for (const message of messages) {
    const page = message.url ? byUrl.get(message.url) : undefined;
    const where = `${page?.name ?? message.url ?? "?"}:${message.lastLine}.${message.firstColumn ?? message.lastColumn}`;
    if (message.type === "info" && message.subType !== "warning") continue;
    if (message.type === "info" && ACCEPTED_WARNINGS.some((pattern) => pattern.test(message.message))) continue;
    findings.push(`${where} ${message.subType ?? message.type}: ${message.message} «${message.extract ?? ""}»`);
  }
  return findings;
}

/** The document's headings, in order, with what is wrong with their outline. */
function outlineFindings(pages: Fetched[]): string[] {
  const findings: string[] = [];
  for (const page of pages) {
    const levels = [...page.html.matchAll(/<h([1-6])[\s>]/g)].map((match) => Number(match[1]));
    const ones = levels.filter((level) => level === 1).length;
    if (ones !== 1) findings.push(`${page.name}: ${ones} h1 (outline ${levels.join(" ")})`);
    if (levels[0] !== 1)
      findings.push(`${page.name}: the first heading is h${levels[0]} (outline ${levels.join(" ")})`);
    for (let i = 1; i < levels.length; i++) {
      if (levels[i]! > levels[i - 1]! + 1) {
        findings.push(`${page.name}: h${levels[i - 1]} then h${levels[i]} (outline ${levels.join(" ")})`);
      }
    }
  }
  return findings;
}

/**
 * A page known to be wrong, checked in the same run: the checker must report its two faults (an aria-label on a
 * plain span, the 2024 issue's fault, and a tag after `</html>`), so a checker that did
 * not run, or messages not matched to their page, cannot pass.
 */
const CANARY = `<!DOCTYPE html><html lang="en"><head><title>Canary</title></head><body><h1>Canary</h1>
<button><span aria-label="(current)">EN</span></button></body></html><p>not streaming</p>`;
const CANARY_FINDINGS = [
  /^canary:2\.\d+ error: The “aria-label” attribute must not be specified on any “span”/,
  /^canary:2\.\d+ error: Stray start tag “p”\./,
];

async function check(request: APIRequestContext, role: string, pages: PageSpec[]) {
  const fetched = await fetchAll(request, role, pages);
  // The outline check itself finds a skipped level and a second h1.
  const skipping = { name: "skipping", file: "", html: "<h1>a</h1><h3>b</h3><h1>c</h1></html>" };
  expect(outlineFindings([skipping])).toEqual([
    "skipping: 2 h1 (outline 1 3 1)",
    "skipping: h1 then h3 (outline 1 3 1)",
  ]);
  expect(outlineFindings(fetched), "heading outlines").toEqual([]);
  const canary = { name: "canary", file: path.resolve(path.dirname(fetched[0]!.file), "canary.html"), html: CANARY };
  fs.writeFileSync(canary.file, CANARY);
  const findings = await checkerFindings([...fetched, canary]);
  for (const pattern of CANARY_FINDINGS)
    expect(
      findings.some((finding) => pattern.test(finding)),
      `${pattern}`,
    ).toBe(true);
  expect(
    findings.filter((finding) => !finding.startsWith("canary:")),
    "Nu HTML Checker",
  ).toEqual([]);
}

test.describe("the Nu HTML Checker finds no error", () => {
  test.beforeEach(() => {
    test.skip(test.info().project.name !== "js", "the server's HTML does not depend on the browser");
  });
  test.setTimeout(300_000);

  test("signed out", async ({ request }) => {
    // A real reset link, as the forgot-password e-mail carries it.
    const resident = await insertResident({ tag: "vnu-reset" });
    const forgot = await request.post("/api/auth/forgot-password", { data: { email: resident.email } });
    expect(forgot.status()).toBe(200);
    const link = new URL(/https?:\/\/\S+reset-password\?token=\S+/.exec(lastEmail(resident.email)!.text)![0]);
    await check(request, "signed-out", [
      { path: "/" },
      { path: "/?q=TV" },
      { path: "/?q=pile" },
      { path: "/?q=zeppelin" },
      { path: "/postal-code" },
      { path: "/postal-code?fsa=H2X" },
      { path: "/postal-code?fsa=H2X&step=access" },
      { path: "/postal-code?fsa=H2X&step=no-access" },
      { path: "/postal-code?fsa=G1A" },
      { path: "/postal-code?fsa=1", status: 400 },
      {
        path: "/postal-code?fsa=G1A",
        status: 400,
        form: { name: "", email: "nope", fsa: "G1A", reason: "Outside Service Area" },
      },
      { path: "/auth" },
      { path: "/auth?postalCode=H2X" },
      { path: "/auth?postalCode=H7N" },
      { path: "/sign-up?postalCode=H7N" },
      { path: "/auth?tab=signin" },
      { path: "/sign-in" },
      { path: "/sign-in", status: 401, form: { email: resident.email, password: "not-the-password" } },
      { path: "/sign-up" },
      { path: "/sign-up", status: 400, form: { email: "not-an-address", password: "x", postalFsa: "H2X" } },
      { path: "/forgot-password" },
      { path: "/forgot-password", status: 400, form: { email: "nope" } },
      { path: link.pathname + link.search },
      { path: "/reset-password?token=not-a-real-token" },
      // The terms French first, and in English by choice (issue 43); the help page's lists.
      { path: "/terms" },
      { path: "/terms?lang=en" },
      { path: "/help" },
      // Issue 43: the privacy page, its lists of fields, recipients, cookies and versions.
      { path: "/privacy" },
      { path: "/no-such-page", status: 404 },
    ]);
  });

  test("as a resident with a booked pickup", async ({ page, request, browser }) => {
    const { email, slotId, confirmation } = await bookTwoBags(page, "vnu-resident", /Pay \$20\.70/);
    // Its paid checkout (Back after paying), and another checkout waiting on the test bank's page (3-D Secure).
    const [{ checkout }] = query<{ checkout: string }>(
      "select checkout_id as checkout from pickup_requests where confirmation_number = ?",
      confirmation,
    ) as [{ checkout: string }];
    const otherSlot = await bookableSlotId(page);
    await page.goto(`/checkout?bags=2&slotId=${otherSlot}`);
    await fillCard(page, "4000 0027 6000 3184");
    await page.getByRole("button", { name: /Pay \$/ }).click();
    await expect(page).toHaveURL(/\/payments\/simulated\/authenticate\?payment_intent=/);
    const authenticate = new URL(page.url());
    // The pickup being moved (My Orders' Modify date): its booking page.
    await page.goto("/history");
    await page.locator(`[data-confirmation="${confirmation}"]`).getByRole("button", { name: "Modify date" }).click();
    await expect(page).toHaveURL(/\/order\/[^/]+\/move/);
    // An admin invitation waiting for this resident (made by the admin, through the API).
    await signInAdmin(request);
    expect((await request.post("/api/admin/invitations", { data: { email } })).status()).toBe(201);
    const invitation = new URL(/https?:\/\/\S+\/admin-invitation\?token=\S+/.exec(lastEmail(email)!.text)![0]);
    // A newcomer who has not seen the onboarding guide yet (an onboarded resident is sent past it).
    const newcomer = await browser.newContext();
    await signInAs(newcomer, { tag: "vnu-newcomer", onboarded: false, locale: "en" });
    // A private calendar link made, so the profile shows how to subscribe to it (issue 42 part 7).
    expect((await page.request.post("/profile", { form: { intent: "calendar-feed" }, maxRedirects: 0 })).status()).toBe(
      302,
    );
    await check(page.request, "resident", [
      { path: "/" },
      { path: "/postal-code" },
      { path: "/onboarding", as: newcomer.request },
      { path: "/onboarding?slide=6", as: newcomer.request },
      { path: "/how-it-works" },
      { path: "/how-it-works?slide=6" },
      { path: "/materials" },
      { path: "/materials?q=battery" },
      { path: "/materials?q=zzzz" },
      { path: "/materials?q=t%C3%A9l%C3%A9" },
      { path: "/materials?q=propane" },
      { path: `/order/${confirmation}/move` },
      { path: `/booking?modify=true&confirmationNumber=${confirmation}`, redirects: 1 }, // the spec's address of the move page
      { path: "/booking" },
      { path: "/booking?bags=2" },
      { path: "/booking", status: 400, form: { slotId: String(otherSlot) } },
      { path: `/checkout?bags=2&slotId=${otherSlot}`, redirects: 1 },
      { path: `/checkout?bags=2&slotId=${slotId}&checkout=${checkout}` },
      { path: authenticate.pathname + authenticate.search },
      { path: `/confirmation?confirmationNumber=${confirmation}` },
      { path: "/confirmation?confirmationNumber=NOPE", status: 404 },
      { path: "/history" },
      { path: `/order/${confirmation}` },
      { path: `/order/${confirmation}/cancel` },
      { path: "/order/NOPE", status: 404 },
      { path: "/profile" },
      { path: "/profile", status: 400, form: { firstName: "", lastName: "", streetAddress: "", postalCode: "nope" } },
      {
        path: "/profile",
        status: 400,
        form: {
          firstName: "A",
          lastName: "B",
          streetAddress: "1 Rue X",
          city: "Laval",
          province: "QC",
          postalCode: "H7N 1A1",
        },
      },
      {
        path: "/profile",
        status: 400,
        form: { intent: "change-password", currentPassword: "wrong", newPassword: "a", confirmPassword: "b" },
      },
      // Without JavaScript, "Find my address": the addresses found, each a button (issue 42).
      { path: "/profile", status: 400, form: { findAddress: "Find my address", streetAddress: "2100 mont-royal" } },
      // Download my data, readable (issue 43), with the paid pickup in it.
      { path: "/profile/export" },
      { path: "/notifications" },
      { path: invitation.pathname + invitation.search },
      { path: "/admin-invitation?token=not-a-real-token", status: 404 },
      { path: "/admin", status: 403 },
      { path: "/no-such-page", status: 404 },
    ]);
    await newcomer.close();
  });

  test("as an admin", async ({ request }) => {
    // Rows in the tables: a pickup on a day sheet, a promo code, a waitlist entry.
    const date = montrealDate(26);
    const resident = await insertResident({ tag: "vnu-admin-rows" });
    const { confirmation } = scheduledPickup(resident.email, date, "morning", "4321 Rue Saint-Denis");
    // Issue 47: a stop's Completed confirm step and a stop completed with 3 of 4 bags and items left.
    const door = doorPickups(resident.email, -531);
    insertPromoCode();
    const joined = await request.post("/api/waitlist", {
      data: { email: resident.email, name: "Élise Côté", postal_code: "G1A", building_access: "Outside Service Area" },
    });
    expect(joined.status()).toBe(201);
    await signInAdmin(request);
    // An entry of the incident register with two versions (issue 43 part 6).
    const incident = recordedIncident("A delivery list was e-mailed to the wrong contractor");
    revisedIncident(incident);
    await check(request, "admin", [
      { path: "/admin" },
      { path: "/admin/supply" },
      { path: "/admin/supply/areas" },
      { path: "/admin/supply/template" },
      { path: `/admin/supply/close?date=${date}` },
      { path: "/admin/day" },
      { path: `/admin/day?date=${date}` },
      { path: "/admin/promo-codes" },
      { path: "/admin/refunds" },
      { path: "/admin/outbox" },
      { path: "/admin/waitlist" },
      // Issue 46: the SVG charts (role="img", <title>, <desc>) and their tables; the money page.
      { path: "/admin/demand" },
      { path: `/admin/demand?fsa=H2X&from=${date}` },
      { path: "/admin/money" },
      { path: "/admin/team" },
      { path: "/admin/privacy" },
      { path: `/admin/privacy/${incident}` },
      // The search (its results, a text too short, one too long), a resident, the access log.
      { path: `/admin/search?q=${encodeURIComponent("4321 Rue Saint-Denis")}` },
      { path: `/admin/search?q=${confirmation}` },
      { path: "/admin/search?q=x" },
      { path: `/admin/search?q=${"x".repeat(101)}`, status: 400 },
      { path: `/admin/residents/${resident.id}` },
      { path: "/admin/access-log" },
      { path: `/admin/access-log?resident=${resident.id}` },
      { path: "/driver" },
      { path: `/driver?date=${date}` },
      { path: door.confirmPath("/driver") },
      { path: door.confirmPath("/admin/day") },
      { path: `/admin/day?date=${door.date}` },
      { path: `/admin/pickups/${door.completed}` },
      { path: "/" },
      { path: "/profile" },
      { path: "/no-such-page", status: 404 },
    ]);
  });
});
