// Issue 42 part 7 in the browser, JavaScript on and off (projects js and no-js), English and French, at
// 390×844 and at 200 % text: the profile offers the private feed as a webcal:// link to subscribe to, the
// https link in a read-only field (with JavaScript, a Copy button that puts it on the clipboard and says
// so), and how to subscribe in Google Calendar, Apple Calendar and Outlook; the feed it points at answers
// text/calendar inline, so a calendar app subscribes instead of downloading. With JavaScript, axe finds
// nothing serious in the section.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { interactive, query, signInAs } from "./helpers";
import { doubleTextSize, overflowingText, sideways } from "./text-boxes";

const TEXTS = {
  en: {
    locale: "en-CA",
    make: "Make a calendar link",
    subscribe: "Subscribe in my calendar app",
    label: "Your private calendar link",
    copy: "Copy the link",
    copied: "Link copied. Paste it into your calendar app.",
    howTitle: "How to subscribe",
    howTos: [
      ["Google Calendar:", "“From URL”"],
      ["Apple Calendar:", "File → New Calendar Subscription"],
      ["Outlook:", "Add calendar → Subscribe from web"],
    ],
  },
  fr: {
    locale: "fr-CA",
    make: "Créer un lien de calendrier",
    subscribe: "M'abonner dans mon calendrier",
    label: "Votre lien de calendrier privé",
    copy: "Copier le lien",
    copied: "Lien copié. Collez-le dans votre application de calendrier.",
    howTitle: "Comment s'abonner",
    howTos: [
      ["Google Agenda :", "« À partir de l'URL »"],
      ["Calendrier d'Apple :", "Fichier → Nouvel abonnement à un calendrier"],
      ["Outlook :", "Ajouter un calendrier → S'abonner à partir du web"],
    ],
  },
} as const;

/** Signs a new resident in, makes their calendar link on the profile (a plain form) and returns its token. */
async function profileWithFeed(page: Page, lang: "en" | "fr", tag: string) {
  const resident = await signInAs(page, { tag, locale: lang });
  await page.goto("/profile");
  await interactive(page);
  const section = page.getByTestId("calendar-feed");
  await section.getByRole("button", { name: TEXTS[lang].make }).click();
  await expect(section.getByRole("link", { name: TEXTS[lang].subscribe })).toBeVisible();
  const [{ token }] = query<{ token: string }>(
    "select calendar_token as token from users where id = ?",
    resident.id,
  ) as [{ token: string }];
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { section, token };
}

for (const lang of ["en", "fr"] as const) {
  const text = TEXTS[lang];
  test.describe(`the calendar feed on the profile (${lang})`, () => {
    test.use({
      locale: text.locale,
      extraHTTPHeaders: { "Accept-Language": text.locale },
      viewport: { width: 390, height: 844 },
    });

    test("a webcal link to subscribe, the https link to copy, three how-tos; the feed answers inline", async ({
      page,
      javaScriptEnabled,
      baseURL,
    }) => {
      const { section, token } = await profileWithFeed(page, lang, `feed-${lang}`);
      // Subscribe: the feed's own address with the webcal scheme.
      const host = new URL(baseURL!).host;
      const subscribe = section.getByRole("link", { name: text.subscribe });
      await expect(subscribe).toHaveAttribute("href", `webcal://${host}/calendar/${token}.ics`);
      // The https address, in a read-only field one can select (not disabled), labelled.
      const field = section.getByRole("textbox", { name: text.label });
      await expect(field).toHaveValue(`${baseURL}/calendar/${token}.ics`);
      await expect(field).toHaveAttribute("readonly", "");
      await expect(field).toBeEnabled();
      await expect(field).not.toBeEditable();
      await field.selectText();
      const selected = await field.evaluate((input: HTMLInputElement) =>
        input.value.slice(input.selectionStart ?? 0, input.selectionEnd ?? 0),
      );
      expect(selected).toBe(`${baseURL}/calendar/${token}.ics`);

      const copy = section.getByRole("button", { name: text.copy });
      if (javaScriptEnabled) {
        await page.context().grantPermissions(["clipboard-read", "clipboard-write"], { origin: baseURL });
        await copy.click();
        await expect(section.getByRole("status")).toHaveText(text.copied);
        expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseURL}/calendar/${token}.ics`);
      } else {
        // Without JavaScript there is nothing a button could do: the field is the way.
        await expect(copy).toHaveCount(0);
      }

      // Three how-tos, in the page's language.
      const howTo = section.getByTestId("calendar-how-to");
      await expect(howTo.getByRole("heading", { level: 3 })).toHaveText(text.howTitle);
      const items = howTo.getByRole("listitem");
      await expect(items).toHaveCount(3);
      for (const [index, [app, step]] of text.howTos.entries()) {
        await expect(items.nth(index)).toContainText(app);
        await expect(items.nth(index)).toContainText(step);
      }

      // Nothing serious for axe in the section, with the copy result shown (axe runs in the page: JavaScript
      // on; without it the section is the same markup less the button).
      if (javaScriptEnabled) {
        const axe = await new AxeBuilder({ page })
          .include('[data-testid="calendar-feed"]')
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
          .analyze();
        expect(axe.violations.filter((v) => v.impact === "serious" || v.impact === "critical")).toEqual([]);
      }

      // What the link opens: the calendar, inline, for the app to subscribe to.
      const feed = await page.request.get(`/calendar/${token}.ics`);
      expect(feed.status()).toBe(200);
      expect(feed.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
      expect(feed.headers()["content-disposition"] ?? "").not.toMatch(/attachment/i);
      const ics = await feed.text();
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain("METHOD:PUBLISH");
      expect(ics.split("\r\n").every((line) => Buffer.byteLength(line) <= 75)).toBe(true);
    });

    test("at 200 % text the calendar section fits the 390 px screen", async ({ page }) => {
      await doubleTextSize(page);
      const { section } = await profileWithFeed(page, lang, `feed-big-${lang}`);
      // Measured as the page is opened again (without the toast of the link just made).
      await page.goto("/profile");
      await interactive(page);
      await section.scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => getComputedStyle(document.documentElement).fontSize)).toBe("32px");
      expect(await sideways(page, "profile")).toBeNull();
      const problems = await overflowingText(page, "profile");
      expect(problems.filter((p) => /calendar|calendrier|agenda|Outlook|webcal/i.test(p))).toEqual([]);
      expect(problems).toEqual([]);
      for (const box of [
        await section.getByRole("link", { name: text.subscribe }).boundingBox(),
        await section.getByRole("textbox", { name: text.label }).boundingBox(),
      ]) {
        expect(box!.x).toBeGreaterThanOrEqual(0);
        expect(box!.x + box!.width).toBeLessThanOrEqual(390);
      }
    });
  });
}
