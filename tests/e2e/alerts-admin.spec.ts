// Issue 35, part 5, on the admin server (JavaScript on and off, 390×844): an admin previews a service
// alert for one window of a date (who gets it and how), sends it, and a second post of the same form sends
// nothing new; the resident sees it in the bell, in English and in French.
import { expect, test } from "@playwright/test";
import { montrealDate, otherBrowser, scheduledPickup, signInAdmin } from "./admin-fixtures";
import { insertResident, query, signInAs } from "./helpers";

test("an admin previews and sends an alert; residents see it in the bell (EN and FR)", async ({
  page,
  browser,
  baseURL,
  javaScriptEnabled,
}) => {
  const date = montrealDate(40 + Math.floor(Math.random() * 200));
  const en = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale: "en-CA" });
  const fr = await otherBrowser(browser, { baseURL, javaScriptEnabled, locale: "fr-CA" });
  const english = await signInAs(en, { tag: "alert-en", locale: "en" });
  const french = await signInAs(fr, { tag: "alert-fr", locale: "fr" });
  // Not signed in anywhere: signing a third resident into `en` would replace its session.
  const afternoon = await insertResident({ tag: "alert-pm", locale: "en" });
  scheduledPickup(english.email, date, "morning", "100 Rue Saint-Denis");
  scheduledPickup(french.email, date, "morning", "200 Rue Saint-Denis");
  scheduledPickup(afternoon.email, date, "afternoon", "300 Rue Saint-Denis");

  await signInAdmin(page.request);
  await page.goto("/admin/alerts");
  await page.getByLabel("Pickup date").fill(date);
  await page.getByLabel("Window").selectOption("morning");
  await page.getByLabel("Message in English").fill(`Truck two hours late ${date}`);
  await page.getByLabel("Message in French").fill(`Camion en retard de deux heures ${date}`);
  await page.getByRole("button", { name: "Preview recipients" }).click();
  await expect(page.getByTestId("alert-counts")).toHaveText("2 residents: 2 by e-mail, 0 by text");
  await expect(page.getByTestId("alert-recipient")).toHaveCount(2);
  await page.getByRole("button", { name: "Send the alert" }).click();
  await expect(page.getByTestId("toast").getByText("Alert sent to 2 residents")).toBeVisible();
  const count = () =>
    query<{ n: number }>(
      "select count(*) as n from email_outbox where kind = 'service-alert' and \"to\" in (?, ?)",
      english.email.toLowerCase(),
      french.email.toLowerCase(),
    )[0]!.n;
  expect(count()).toBe(2);

  await en.goto("/notifications");
  await expect(en.locator("main").getByText(`Truck two hours late ${date}`)).toBeVisible();
  await fr.goto("/notifications");
  await expect(fr.locator("main").getByText(`Camion en retard de deux heures ${date}`)).toBeVisible();
  if (afternoon)
    expect(
      query<{ n: number }>("select count(*) as n from service_alert_recipients where user_id = ?", afternoon.id)[0]!.n,
    ).toBe(0);
});
