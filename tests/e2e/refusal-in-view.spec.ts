// Issue 42, part 6: a refused form is seen on a phone. With JavaScript a declined card's message comes into
// view below the sticky header, above the Pay button, takes the focus and is one alert (read out once: no
// second live region, no toast repeating it at the top of the page); pressed again, Pay brings it back the
// same way. Without JavaScript the refused-form redirect opens the page at the message (#form-error). The
// same for another form's refusal (a wrong password at sign-in). English and French, 390×844, JavaScript
// on and off (the js and no-js projects).
import { expect, test, type Locator, type Page } from "@playwright/test";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { insertResident, interactive } from "./helpers";

const TEXT = {
  en: {
    pay: /^Pay \$/,
    declined: "Your card was declined. Please try a different payment method.",
    email: "Email",
    password: "Password",
    signIn: "Sign in",
    wrong: "Invalid credentials",
  },
  fr: {
    pay: /^Payer /,
    declined: "Votre carte a été refusée. Veuillez essayer un autre mode de paiement.",
    email: "Courriel",
    password: "Mot de passe",
    signIn: "Se connecter",
    wrong: "Identifiants invalides",
  },
} as const;

/** Where the message sits: its box, the bottom of what the header covers, and the screen's height. */
function placeOf(message: Locator) {
  return message.evaluate((el) => {
    const header = document.querySelector("header")!;
    const over = /^(sticky|fixed)$/.test(getComputedStyle(header).position);
    const box = el.getBoundingClientRect();
    return {
      top: box.top,
      bottom: box.bottom,
      headerBottom: over ? Math.max(0, header.getBoundingClientRect().bottom) : 0,
      screen: window.innerHeight,
    };
  });
}

/** The message is whole on screen, below the header (not under it), and (with JavaScript) focused. */
async function expectSeen(page: Page, message: Locator, javaScriptEnabled: boolean) {
  await expect(message).toBeVisible();
  // Scrolling may still be settling just after the answer.
  await expect
    .poll(async () => {
      const place = await placeOf(message);
      return place.top >= place.headerBottom - 0.5 && place.bottom <= place.screen + 0.5;
    })
    .toBe(true);
  if (javaScriptEnabled) {
    await expect
      .poll(() => message.evaluate((el) => el === document.activeElement || el.contains(document.activeElement)))
      .toBe(true);
  } else {
    await expect(page).toHaveURL(/#form-error$/);
  }
  // One alert says it: no live region around it, and none elsewhere (a toast) repeating it.
  const live = await page.evaluate(
    (text) =>
      [...document.querySelectorAll('[role="alert"], [role="status"], [aria-live]')].filter(
        (el) => el.getAttribute("aria-live") !== "off" && (el.textContent ?? "").includes(text),
      ).length,
    (await message.textContent())!,
  );
  expect(live).toBe(1);
}

for (const lang of ["en", "fr"] as const) {
  const t = TEXT[lang];
  test.describe(`a refused form is seen on a phone (${lang})`, () => {
    test.use({ locale: lang === "fr" ? "fr-CA" : "en-CA", viewport: { width: 390, height: 844 } });

    test("a declined card: its message in view above Pay, below the header, focused, one alert", async ({
      page,
      javaScriptEnabled,
    }) => {
      await residentWithAddress(page, `seen-card-${lang}`);
      const slotId = await bookableSlotId(page);
      await page.goto(`/checkout?bags=1&slotId=${slotId}`);
      await interactive(page);
      await fillCard(page, "4000 0000 0000 0002");
      const pay = page.getByRole("button", { name: t.pay });
      // The resident has scrolled down to the button, as on a phone.
      await pay.scrollIntoViewIfNeeded();
      await pay.click();
      const message = page.getByRole("alert").filter({ hasText: t.declined });
      await expectSeen(page, message, javaScriptEnabled);
      // Above the Pay button, in the card form.
      const [messageBox, payBox] = [await message.boundingBox(), await pay.boundingBox()];
      expect(messageBox!.y).toBeLessThan(payBox!.y);
      await expect(page.locator("form").filter({ has: pay }).getByRole("alert")).toHaveText(t.declined);

      // Declined again: the page answers the same way, not by doing nothing.
      await fillCard(page, "4000 0000 0000 0002");
      await pay.scrollIntoViewIfNeeded();
      if (javaScriptEnabled) await pay.focus();
      await pay.click();
      await expect(page).toHaveURL(/\/checkout\?/);
      await expectSeen(page, page.getByRole("alert").filter({ hasText: t.declined }), javaScriptEnabled);
    });

    test("a wrong password at sign-in: the form's error in view, below the header, focused, one alert", async ({
      page,
      javaScriptEnabled,
    }) => {
      const { email } = await insertResident({ tag: `seen-signin-${lang}` });
      await page.goto("/sign-in");
      await interactive(page);
      const form = page.locator("main form").filter({ has: page.getByLabel(t.password) });
      await form.getByLabel(t.email, { exact: true }).fill(email);
      await form.getByLabel(t.password, { exact: true }).fill("not-the-password-at-all");
      await form.getByRole("button", { name: t.signIn }).click();
      await expectSeen(page, form.getByRole("alert").filter({ hasText: t.wrong }), javaScriptEnabled);
    });
  });
}
