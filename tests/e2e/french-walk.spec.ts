// Issue 33, part 7: a French reader walks every page (visitor, resident with a paid pickup, the move and
// cancel pages, the guide) and reads every e-mail the walk sends, and meets no English word and no amount
// written "$9.20" — the refund message after cancelling included, and an address's unit said "app.".
// JavaScript on and off (the js and no-js projects), at 390×844. The admin pages: french-walk-admin.spec.ts.
import { expect, test, type Page } from "@playwright/test";
import { englishIn } from "../french-text";
import { onboardingPages, openMovePage, residentPages, visitorPages, type PageVisit } from "./every-page";
import { interactive, query, writeDatabase } from "./helpers";
import { open } from "./text-boxes";

test.use({ locale: "fr-CA", viewport: { width: 390, height: 844 } });

/** The English found on the page now (its title and everything it shows), each prefixed with `where`. */
async function englishOnPage(page: Page, where: string) {
  const text = `${await page.title()}\n${await page.locator("body").innerText()}`;
  return englishIn(text).map((hit) => `${where} ${hit}`);
}

async function englishOn(page: Page, visits: PageVisit[]) {
  const found: string[] = [];
  for (const { path, status } of visits) {
    await open(page, path, status);
    found.push(...(await englishOnPage(page, path)));
  }
  return found;
}

test("every page a French visitor and resident sees is French", async ({ page }, info) => {
  test.slow();
  const found = await englishOn(page, await visitorPages(page));
  const tag = `french-walk-${info.project.name}`;
  const visits = await residentPages(page, "fr", tag);
  found.push(...(await englishOn(page, visits)));
  await openMovePage(page, "fr");
  found.push(...(await englishOnPage(page, "move page")));
  found.push(...(await englishOn(page, await onboardingPages(page, `${tag}-guide`))));
  expect(found).toEqual([]);
});

test("cancelling on a French page, and every e-mail it sends, is French", async ({ page }, info) => {
  const visits = await residentPages(page, "fr", `french-mail-${info.project.name}`);
  const order = visits.find(({ path }) => /^\/order\/[^/]+$/.test(path))!.path;
  const confirmation = order.split("/")[2]!;
  const [{ email }] = query<{ email: string }>(
    `select u.email from pickup_requests p join users u on u.id = p.user_id where p.confirmation_number = ?`,
    confirmation,
  );
  // The unit typed on the profile (residentWithAddress's) is said the French way on the receipt.
  await open(page, order);
  await expect(page.getByText(/, app\. \d+, Montréal/)).toBeVisible();

  await open(page, `${order}/cancel`);
  await page.getByRole("button", { name: /^Oui, annuler et rembourser/ }).click();
  await expect(page).toHaveURL(/\/history/);
  await interactive(page);
  // The refund's amount in the page's language: "9,20 $", never "$9.20".
  await expect(page.getByText(/\d,\d\d\s\$/).first()).toBeVisible();
  const found = await englishOnPage(page, "/history after cancelling");

  const mails = query<{ subject: string; text: string; html: string | null }>(
    'select subject, text, html from email_outbox where "to" = ? order by id',
    email,
  );
  expect(mails.length).toBeGreaterThanOrEqual(2);
  for (const mail of mails) {
    const html = (mail.html ?? "").replace(/<[^>]+>/g, " ").replace(/&#?\w+;/g, " ");
    for (const hit of englishIn(`${mail.subject}\n${mail.text}\n${html}`))
      found.push(`e-mail "${mail.subject}" ${hit}`);
  }
  expect(found).toEqual([]);
});

test("the refund message follows the page's language, not the account's", async ({ page }, info) => {
  const visits = await residentPages(page, "fr", `french-refund-${info.project.name}`);
  const order = visits.find(({ path }) => /^\/order\/[^/]+$/.test(path))!.path;
  // The account was made in English; the page is read in French.
  writeDatabase((db) =>
    db
      .prepare(
        "update users set locale = 'en' where id = (select user_id from pickup_requests where confirmation_number = ?)",
      )
      .run(order.split("/")[2]),
  );
  await open(page, `${order}/cancel`);
  await page.getByRole("button", { name: /^Oui, annuler et rembourser/ }).click();
  await expect(page).toHaveURL(/\/history/);
  await interactive(page);
  await expect(page.getByText(/\d,\d\d\s\$/).first()).toBeVisible();
  expect(await englishOnPage(page, "/history after cancelling")).toEqual([]);
});
