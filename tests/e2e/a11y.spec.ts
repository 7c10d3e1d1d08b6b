// Accessibility (WCAG 2.2 AA): axe over every page in English and French, with JavaScript on and off
// (the two Playwright projects); fields tied to their errors; visible focus; 24 px targets; and a
// keyboard-only walk through sign-in, the language menu and the booking choices.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { montrealDate, signInAdmin } from "./admin-fixtures";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { insertResident, interactive, PASSWORD, signedInResident, signInAs, uniqueEmail } from "./helpers";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const BLOCKING = new Set(["serious", "critical"]);

type Lang = "en" | "fr";

/** The words the tests click on, in both languages. */
const TEXT = {
  en: {
    check: "Check",
    createAccount: "Create account",
    sendLink: /Send reset link/i,
    showWindows: "Show time windows",
    updateSummary: "Update summary",
    continue: "Continue",
    pay: /^Pay \$/,
    save: /^Save profile/,
    confirmed: /confirmed/i,
  },
  fr: {
    check: "Vérifier",
    createAccount: "Créer le compte",
    sendLink: /Envoyer le lien/i,
    showWindows: "Afficher les plages horaires",
    updateSummary: "Mettre à jour le récapitulatif",
    continue: "Continuer",
    pay: /^Payer /,
    save: /^Enregistrer le profil/,
    confirmed: /confirmée/i,
  },
} as const;

/**
 * Collects axe's serious and critical violations page after page, so one test names every page at
 * fault at once; `assertClean` fails with a readable list.
 *
 * Without JavaScript axe cannot run in the page itself (its timers never fire), so the page's DOM as
 * the browser built it without scripts is copied, minus its scripts, into a JavaScript-enabled twin
 * page with the same size and language, which loads the same stylesheets; axe runs there.
 */
class Audit {
  private found: string[] = [];
  private pages: string[] = [];
  private twin: Page | null = null;
  private twinHtml = "";
  constructor(
    private page: Page,
    private lang: Lang,
  ) {}

  private async scanTarget(): Promise<Page> {
    if (test.info().project.name !== "no-js") {
      // Scan from the top, as the page opens: where a click has scrolled it, a row may sit half under the
      // sticky header, and axe's target-size would measure the visible half (it depends on the calendar's
      // layout for today's date, not on the page). The no-JavaScript twin below is loaded at the top too.
      await this.page.evaluate(() => window.scrollTo(0, 0));
      return this.page;
    }
    this.twinHtml = (await this.page.content())
      .replace(/<script\b[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
    if (!this.twin) {
      const context = await this.page
        .context()
        .browser()!
        .newContext({
          javaScriptEnabled: true,
          viewport: this.page.viewportSize(),
          locale: this.lang === "fr" ? "fr-CA" : "en-CA",
        });
      this.twin = await context.newPage();
      await this.twin.route("**/*", (route) => {
        const type = route.request().resourceType();
        if (type === "document") return route.fulfill({ body: this.twinHtml, contentType: "text/html; charset=utf-8" });
        if (type === "script") return route.abort();
        return route.continue();
      });
    }
    await this.twin.goto(this.page.url());
    // The stylesheet is there (colour contrast and sizes depend on it).
    await expect(this.twin.locator("body")).toHaveCSS("background-color", "rgb(250, 250, 249)");
    return this.twin;
  }

  async check(label: string) {
    await this.page.locator("h1").first().waitFor();
    // The whole document, not the first part of a streamed one (a bottom bar link half received has no name).
    await this.page.waitForLoadState("load");
    const target = await this.scanTarget();
    const results = await new AxeBuilder({ page: target }).withTags(TAGS).analyze();
    this.pages.push(label);
    const url = new URL(this.page.url());
    for (const v of results.violations) {
      if (!BLOCKING.has(v.impact ?? "")) continue;
      const nodes = v.nodes
        .slice(0, 6)
        .map((n) => `      - ${n.target.join(" ")}\n        ${n.failureSummary?.replace(/\n\s*/g, " | ") ?? ""}`)
        .join("\n");
      const more = v.nodes.length > 6 ? `\n      … and ${v.nodes.length - 6} more` : "";
      this.found.push(
        `  ${label} (${url.pathname}${url.search}) [${v.impact}] ${v.id}: ${v.help}\n    ${v.helpUrl}\n${nodes}${more}`,
      );
    }
  }

  async assertClean() {
    await this.twin?.context().close();
    expect(this.pages.length).toBeGreaterThan(0);
    const report = this.found.length
      ? `${this.found.length} serious/critical axe violation(s):\n${this.found.join("\n")}`
      : "";
    expect(report, report).toBe("");
  }
}

async function go(page: Page, path: string) {
  const response = await page.goto(path);
  // With JavaScript, check (and use) the page React has taken over, not the server HTML before it.
  if (response?.ok()) await interactive(page);
  return response;
}

/** Books a 2-bag pickup through the card form: the confirmation number. */
async function payForPickup(page: Page, lang: Lang) {
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: TEXT[lang].pay }).click();
  await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
  return new URL(page.url()).searchParams.get("confirmationNumber")!;
}

/** Picks the first open date and window (each a server round trip without JavaScript). */
async function chooseDateAndWindow(page: Page, lang: Lang, js: boolean) {
  await page.locator('input[name="date"]:not([disabled])').first().check();
  if (!js) await page.getByRole("button", { name: TEXT[lang].showWindows }).click();
  const window = page.locator('input[name="slotId"]:not([disabled])').first();
  await expect(window).toBeEnabled();
  await window.check();
  if (!js) await page.getByRole("button", { name: TEXT[lang].updateSummary }).click();
  await expect(page.locator('input[name="slotId"]:checked')).toHaveCount(1);
}

function axeSuite(lang: Lang) {
  const T = TEXT[lang];
  // Each test visits a dozen pages and runs axe on each: more than the default minute on a busy machine.
  test.describe.configure({ timeout: 150_000 });

  test("visitor pages: landing, postal check, waitlist, auth, password reset, 404", async ({ page }) => {
    const audit = new Audit(page, lang);
    await go(page, "/");
    await audit.check("landing");
    await go(page, "/?q=TV");
    await expect(page.locator("[data-answer=no]")).toBeVisible();
    await audit.check("landing answering no, with where to take it");
    await go(page, "/?q=zeppelin");
    await audit.check("landing with nothing found");
    await go(page, "/postal-code");
    await audit.check("postal code input");
    await go(page, "/postal-code?fsa=1X1");
    await audit.check("postal code invalid (error toast)");
    await go(page, "/postal-code?fsa=H2X");
    await expect(page.getByTestId("postal-result")).toContainText("H2X");
    await audit.check("postal code available");
    await go(page, "/postal-code?fsa=H2X&step=access");
    await expect(page.getByRole("link", { name: lang === "en" ? "Yes" : "Oui", exact: true })).toBeVisible();
    await audit.check("postal code access step");
    await go(page, "/postal-code?fsa=H2X&step=no-access");
    await expect(page.locator('main form input[name="email"]')).toBeVisible();
    await audit.check("postal code no direct access + waitlist");
    await go(page, "/postal-code?fsa=K1A");
    await expect(page.getByTestId("postal-result")).toContainText("K1A");
    await expect(page.locator('main form input[name="email"]')).toBeVisible();
    await audit.check("postal code not available + waitlist");
    await page.locator('main form input[name="name"]').fill("Axe Tester");
    await page.locator('main form input[name="email"]').fill(uniqueEmail("a11y-waitlist"));
    await page.locator('main form button[type="submit"]').click();
    await expect(page.getByTestId("waitlist-joined")).toBeVisible();
    await audit.check("waitlist joined (confirmation, message in the flow)");
    await go(page, "/auth?postalCode=H2X");
    await audit.check("auth sign-up tab");
    await go(page, "/auth?postalCode=H7N");
    await audit.check("auth sign-up tab, prefix not served (waitlist offered)");
    await go(page, "/auth?tab=signin");
    await audit.check("auth sign-in tab");
    await go(page, "/sign-in");
    await audit.check("sign-in");
    await go(page, "/sign-up");
    await audit.check("sign-up");
    await page.getByRole("button", { name: T.createAccount }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await audit.check("sign-up errors");
    await go(page, "/forgot-password");
    await audit.check("forgot password");
    await page.locator("input[type=email]").fill(uniqueEmail("a11y-forgot"));
    await page.getByRole("button", { name: T.sendLink }).click();
    await expect(page).toHaveURL(/sent=/);
    await audit.check("forgot password sent");
    await go(page, "/reset-password?token=not-a-token");
    await expect(page.locator('input[type="password"]')).toHaveCount(0);
    await audit.check("reset password invalid link");
    const missing = await go(page, "/no-such-page");
    expect(missing?.status()).toBe(404);
    await audit.check("404");
    await audit.assertClean();
  });

  test("resident pages: home, guide, materials, booking, profile, onboarding", async ({ page, javaScriptEnabled }) => {
    const audit = new Audit(page, lang);
    await signInAs(page, { tag: "a11y-new", onboarded: false });
    await go(page, "/onboarding");
    await audit.check("onboarding slide 1");
    await go(page, "/onboarding?slide=6");
    await audit.check("onboarding slide 6");

    await page.context().clearCookies();
    await signedInResident(page, "a11y-res");
    await go(page, "/");
    await audit.check("resident home");
    await go(page, "/how-it-works");
    await audit.check("how it works slide 1");
    await go(page, "/how-it-works?slide=6");
    await audit.check("how it works slide 6");
    await go(page, "/materials");
    await audit.check("materials");
    await go(page, "/materials?q=batter");
    await audit.check("materials search");
    await go(page, "/materials?q=zzzzqqq");
    await audit.check("materials search without results");
    await go(page, "/booking");
    await audit.check("booking");
    await chooseDateAndWindow(page, lang, javaScriptEnabled);
    await audit.check("booking with a date and window");
    await page.getByRole("button", { name: T.continue, exact: true }).click();
    await expect(page.locator('[data-testid="booking-error"]')).toBeVisible();
    await audit.check("booking error (no bags)");
    await go(page, "/profile");
    await audit.check("profile");
    await page.getByRole("button", { name: T.save }).click();
    await expect(page.locator("[aria-invalid=true]").first()).toBeVisible();
    await audit.check("profile errors");
    await go(page, "/notifications");
    await audit.check("notifications (none)");
    await audit.assertClean();
  });

  test("checkout and orders: checkout, declined card, confirmation, history, order, cancel, notifications, bell", async ({
    page,
  }) => {
    const audit = new Audit(page, lang);
    await residentWithAddress(page, "a11y-pay");
    const slotId = await bookableSlotId(page);
    await go(page, `/checkout?bags=2&slotId=${slotId}`);
    await audit.check("checkout");
    await page.getByRole("button", { name: T.pay }).click();
    await expect(page.locator("#cardNumber")).toHaveAttribute("aria-invalid", "true");
    await audit.check("checkout empty card errors");
    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: T.pay }).click();
    await expect(page.locator("form [role=alert]")).toBeVisible();
    await audit.check("checkout declined card");
    const cn = await payForPickup(page, lang);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(T.confirmed);
    await audit.check("confirmation");
    await go(page, "/history");
    await audit.check("history");
    await go(page, `/order/${cn}`);
    await audit.check("order");
    await go(page, `/order/${cn}/cancel`);
    await audit.check("order cancel");
    await go(page, "/notifications");
    await audit.check("notifications");
    await go(page, "/");
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("notification-list").first()).toBeVisible();
    await audit.check("bell dropdown open");
    await go(page, `/order/${cn}/cancel`);
    await page.locator('main form[method="post"] button[type="submit"]').click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByTestId("toast")).toBeVisible();
    await audit.check("history after a cancel (message in the flow)");
    await go(page, `/order/${cn}/cancel`);
    await expect(page.getByTestId("cancel-outcome")).toBeVisible();
    await audit.check("order cancel, once cancelled");
    await audit.assertClean();
  });

  test("Download my data, readable (issue 43): every section titled", async ({ page }) => {
    const audit = new Audit(page, lang);
    await signedInResident(page, "a11y-export");
    await go(page, "/profile/export");
    await audit.check("my data");
    await audit.assertClean();
  });

  // ---- Admin screens (issue 6). A build without the admin routes fails here (a 404 is not skipped):
  // losing the admin pages must never pass as clean.
  test("admin pages: dashboard, supply, day sheet, waitlist, promo codes", async ({ page }) => {
    await signInAdmin(page.request);
    const probe = await page.request.get("/admin", { maxRedirects: 0 });
    expect(probe.status(), "the admin routes must exist in this build").toBe(200);
    const audit = new Audit(page, lang);
    for (const path of [
      "/admin",
      "/admin/supply",
      "/admin/supply/template",
      "/admin/supply/areas",
      `/admin/supply/close?date=${montrealDate(10)}`,
      "/admin/day",
      "/admin/waitlist",
      // Issue 46: the demand page's SVG charts, tables, filter and ranking; the money page.
      "/admin/demand",
      "/admin/demand?fsa=H2X",
      "/admin/money",
      // Issue 46 part 5: a resident who calls (the search, and the account form when nobody is found).
      "/admin/book-for",
      "/admin/book-for?q=nobody-here%40example.com",
      "/admin/promo-codes",
      "/admin/refunds",
      "/admin/team",
      // Finding people: the search's results (residents and pickups), the access log.
      "/admin/search?q=rue",
      "/admin/access-log",
    ]) {
      const response = await go(page, path);
      expect(response?.status(), path).toBe(200);
      await audit.check(path);
    }
    await audit.assertClean();
  });
}

test.describe("axe in English", () => {
  axeSuite("en");
});

test.describe("axe in French", () => {
  test.use({ locale: "fr-CA" });
  axeSuite("fr");
});

// ---------------------------------------------------------------------------------------------
// Errors tied to their fields, visible focus, target sizes, keyboard alone.

/**
 * Every field marked invalid names its error through aria-describedby, and that error is visible
 * text inside a live region (or an alert), so it is read when it appears. Returns the invalid count.
 */
async function expectErrorsTiedToFields(page: Page, scope: Locator) {
  const invalid = scope.locator("[aria-invalid=true]");
  await expect(invalid.first()).toBeVisible();
  const count = await invalid.count();
  for (let i = 0; i < count; i++) {
    const field = invalid.nth(i);
    const name = (await field.getAttribute("name")) ?? (await field.getAttribute("id"));
    const describedBy = (await field.getAttribute("aria-describedby")) ?? "";
    const ids = describedBy.split(/\s+/).filter(Boolean);
    expect(ids.length, `${name} has aria-describedby`).toBeGreaterThan(0);
    const described = await page.evaluate(
      (list) =>
        list.map((id) => {
          const el = document.getElementById(id);
          const live = el?.closest("[aria-live]:not([aria-live=off]), [role=alert], [role=status]");
          return { id, text: el?.textContent?.trim() ?? null, live: Boolean(live) };
        }),
      ids,
    );
    const errors = described.filter((d) => d.text && d.live);
    expect(errors.length, `${name}: an error text in a live region among ${JSON.stringify(described)}`).toBeGreaterThan(
      0,
    );
    for (const error of errors) await expect(page.locator(`[id="${error.id}"]`)).toBeVisible();
    // The field's accessible description carries the error text.
    const description = await field.evaluate((el) =>
      (el.getAttribute("aria-describedby") ?? "")
        .split(/\s+/)
        .map((id) => document.getElementById(id)?.textContent?.trim() ?? "")
        .join(" "),
    );
    expect(description).toContain(errors[0]!.text!);
  }
  return count;
}

test.describe("errors are announced and tied to their field", () => {
  test("sign-up submitted empty, then with mismatched passwords", async ({ page }) => {
    await page.goto("/sign-up");
    const form = page.locator("main form");
    await page.getByRole("button", { name: "Create account" }).click();
    expect(await expectErrorsTiedToFields(page, form)).toBe(3);
    await expect(page.getByLabel("Email")).toHaveAttribute("aria-invalid", "true");

    await page.getByLabel("Email").fill(uniqueEmail("a11y-err"));
    await page.getByLabel("Password", { exact: true }).fill(PASSWORD);
    await page.getByLabel("Confirm password").fill("something-else-9");
    await page.getByRole("button", { name: "Create account" }).click();
    await expect(page.getByLabel("Confirm password")).toHaveAttribute("aria-invalid", "true");
    await expectErrorsTiedToFields(page, form);
    await expect(page.getByLabel("Email")).not.toHaveAttribute("aria-invalid", "true");
  });

  test("profile saved without a name or address", async ({ page }) => {
    await signedInResident(page, "a11y-prof");
    await page.goto("/profile");
    await page.getByRole("button", { name: "Save profile" }).click();
    const count = await expectErrorsTiedToFields(page, page.locator("main form"));
    expect(count).toBeGreaterThanOrEqual(5);
    await expect(page.getByLabel("First name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Postal code", { exact: true })).toHaveAttribute("aria-invalid", "true");
  });

  test("checkout card form submitted empty, then declined", async ({ page }) => {
    await residentWithAddress(page, "a11y-card");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    const form = page.locator("form", { has: page.locator("#cardNumber") });
    await page.getByRole("button", { name: /^Pay / }).click();
    // The four card fields and the terms box (issue 43), each error tied to its field.
    expect(await expectErrorsTiedToFields(page, form)).toBe(5);
    await expect(page.getByLabel("Card number")).toHaveAccessibleDescription("Please enter your card number");

    await fillCard(page, "4000 0000 0000 0002");
    await page.getByRole("button", { name: /^Pay / }).click();
    // A refused card is the whole form's error: an alert the screen reader reads at once.
    await expect(form.getByRole("alert")).toHaveText("Your card was declined. Please try a different payment method.");
    await expect(form.locator("[aria-invalid=true]")).toHaveCount(0);
  });
});

/** Whether the focused element, or the label or box drawn around it, shows a focus outline or ring. */
async function focusIndicator(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    if (!el || el === document.body) return null;
    const describe = (e: Element) =>
      `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.getAttribute("name") ? `[name=${e.getAttribute("name")}]` : ""} "${(e.textContent ?? "").trim().slice(0, 30)}"`;
    const candidates: Element[] = [el];
    const label = el.closest("label");
    if (label && label !== el) candidates.push(label);
    for (const c of candidates) {
      const style = getComputedStyle(c);
      // Tailwind's outline-none is a 2 px transparent outline: not a visible indicator.
      const transparent = /^rgba\(.*,\s*0\)$|^transparent$/.test(style.outlineColor);
      const outline = style.outlineStyle !== "none" && parseFloat(style.outlineWidth) >= 2 && !transparent;
      const ring = style.boxShadow !== "none" && style.boxShadow !== "";
      if (outline || ring)
        return {
          element: describe(el),
          visible: true,
          how: outline
            ? `outline ${style.outlineWidth} ${style.outlineStyle} ${style.outlineColor}`
            : `ring ${style.boxShadow}`,
        };
    }
    return { element: describe(el), visible: false, how: "none" };
  });
}

/** Tabs through the page and checks every stop shows its focus. */
async function expectFocusVisibleOnEveryStop(page: Page, stops: number) {
  const seen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press("Tab");
    const focus = await focusIndicator(page);
    if (!focus) continue;
    seen.push(`${focus.element}: ${focus.how}`);
    if (process.env.A11Y_DEBUG) console.log(`${focus.element}: ${focus.how}`);
    expect(focus.visible, `no visible focus on ${focus.element}\n${seen.join("\n")}`).toBe(true);
  }
  expect(seen.length).toBeGreaterThan(3);
}

test.describe("focus is visible", () => {
  test("on the sign-in page, from the skip link through the form", async ({ page }) => {
    await page.goto("/sign-in");
    await expectFocusVisibleOnEveryStop(page, 10);
  });

  test("on a resident's booking page: header, bell, radios, buttons and the bottom navigation", async ({ page }) => {
    await signedInResident(page, "a11y-focus");
    await page.goto("/booking");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFocusVisibleOnEveryStop(page, 30);
  });

  test("on the checkout page: promo code, card fields and the pay button", async ({ page }) => {
    await residentWithAddress(page, "a11y-focus-pay");
    const slotId = await bookableSlotId(page);
    await page.goto(`/checkout?bags=1&slotId=${slotId}`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectFocusVisibleOnEveryStop(page, 20);
  });
});

/**
 * The interactive elements of the header, the bottom navigation and the main forms are at least
 * 24×24 CSS pixels (WCAG 2.5.8). Radio buttons and checkboxes are measured by their label, which is
 * their target; links inside sentences are exempt (inline).
 */
async function expectTargetsAtLeast24(page: Page, where: string) {
  const small = await page.evaluate(() => {
    const selector = [
      "header a, header button, header summary",
      "nav a, nav button",
      "main form button, main form input:not([type=hidden]):not([type=radio]):not([type=checkbox]), main form select, main form textarea",
      "main label:has(input[type=radio]), main label:has(input[type=checkbox])",
      "main a.btn-primary, main a.btn-secondary, main summary",
    ].join(", ");
    const out: string[] = [];
    let measured = 0;
    for (const el of Array.from(document.querySelectorAll<HTMLElement>(selector))) {
      const style = getComputedStyle(el);
      if (style.visibility === "hidden" || el.closest("[hidden], details:not([open]) > :not(summary)")) continue;
      const box = el.getBoundingClientRect();
      if (box.width === 0 && box.height === 0) continue;
      // Links inside a sentence are exempt (WCAG 2.5.8 "inline").
      if (el.tagName === "A" && el.closest("p") && style.display === "inline") continue;
      measured += 1;
      if (box.width < 24 || box.height < 24) {
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent || el.getAttribute("aria-label") || "").trim().slice(0, 40)}" ${Math.round(box.width)}×${Math.round(box.height)}`,
        );
      }
    }
    return { out, measured };
  });
  expect(small.measured, `${where}: elements measured`).toBeGreaterThan(2);
  expect(small.out, `${where}: targets under 24×24 px`).toEqual([]);
}

test.describe("targets are at least 24 px", () => {
  test("visitor pages: landing, postal check, waitlist, sign-up", async ({ page }) => {
    for (const path of ["/", "/postal-code", "/postal-code?fsa=K1A", "/sign-up", "/sign-in", "/auth"]) {
      await page.goto(path);
      await expectTargetsAtLeast24(page, path);
    }
  });

  test("resident pages: home, booking, profile, checkout, materials, open bell and language menu", async ({
    page,
    javaScriptEnabled,
  }) => {
    await residentWithAddress(page, "a11y-size");
    const slotId = await bookableSlotId(page);
    for (const path of ["/", "/booking", "/profile", `/checkout?bags=2&slotId=${slotId}`, "/materials", "/history"]) {
      await page.goto(path);
      await expectTargetsAtLeast24(page, path);
    }
    await page.goto("/booking");
    await chooseDateAndWindow(page, "en", javaScriptEnabled);
    await expectTargetsAtLeast24(page, "/booking with a date and window");
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("bell").locator("xpath=..")).toHaveAttribute("open", "");
    await expectTargetsAtLeast24(page, "bell dropdown");
    await page.goto("/");
    await page.locator("header details summary").first().click();
    await expect(page.locator('header button[name="lng"]').first()).toBeVisible();
    await expectTargetsAtLeast24(page, "language menu");
  });
});

/** Presses Tab until `target` has the focus (at most `max` times). */
async function tabTo(page: Page, target: Locator, max = 40) {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  await expect(target).toBeFocused();
}

test.describe("keyboard alone", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(
      !javaScriptEnabled,
      "one keyboard walk, with JavaScript (without it the same native controls and forms are used)",
    );
  });

  test("sign in, switch the language from the menu, and book bags, a date and a window", async ({ page }) => {
    const email = uniqueEmail("a11y-kbd");
    await insertResident({ email });

    await page.goto("/sign-in");
    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type(email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId("bell")).toBeVisible();

    // The language menu: a <details> opened with Enter, then the French button.
    const menu = page.locator("header details").filter({ has: page.locator('button[name="lng"]') });
    await page.locator("body").focus();
    await tabTo(page, menu.locator("summary"));
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("open", "");
    await tabTo(page, menu.locator('button[value="fr"]'), 3);
    await page.keyboard.press("Enter");
    await expect(page.locator("html")).toHaveAttribute("lang", "fr");

    await page.goto("/booking");
    await expect(page.getByRole("heading", { level: 1, name: "Planifier une collecte" })).toBeVisible();
    // Hydrated first: a date picked before the script listens checks its radio and loads no windows.
    await interactive(page);
    // Bags: Tab into the group, Space picks the first, the arrow moves to 2 bags.
    await tabTo(page, page.locator('input[name="bags"]').first());
    await page.keyboard.press("Space");
    await page.keyboard.press("ArrowDown");
    await expect(page.getByRole("radio", { name: /^2 sacs/ })).toBeChecked();
    // Date: the first open date, with Space.
    const firstDate = page.locator('input[name="date"]:not([disabled])').first();
    await tabTo(page, firstDate);
    await page.keyboard.press("Space");
    await expect(firstDate).toBeChecked();
    // Window: the first open one.
    const window = page.locator('input[name="slotId"]:not([disabled])').first();
    await expect(window).toBeVisible();
    await tabTo(page, window);
    await page.keyboard.press("Space");
    await expect(window).toBeChecked();
    const slotId = await window.getAttribute("value");
    await tabTo(page, page.getByRole("button", { name: "Continuer", exact: true }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(new RegExp(`/profile\\?bags=2&slotId=${slotId}$`));
  });
});
