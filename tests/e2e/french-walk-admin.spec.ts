// Issue 33, part 7, for the operators: every admin page (and the driver's view) read in French shows no
// English word and no amount written "$9.20". What the admin tests' own rows say (an incident described in
// English by whoever recorded it) is the operators' text, not the app's, and is left out, as is what the
// page marks as written in another language (an English resident's e-mail subject, lang="en").
import { expect, test } from "@playwright/test";
import { englishIn } from "../french-text";
import { adminPages } from "./every-page";
import { open } from "./text-boxes";

test.use({ locale: "fr-CA", viewport: { width: 390, height: 844 } });

test("every admin page read in French is French", async ({ page }, info) => {
  test.slow();
  const found: string[] = [];
  for (const { path, status } of await adminPages(page, `french-admin-${info.project.name}`)) {
    await open(page, path, status);
    const text = await page.evaluate(() => {
      // What people typed (an incident's description and measures, marked data-typed).
      for (const typed of document.querySelectorAll("[data-typed]")) typed.remove();
      // What is marked as written in another language (an e-mail's subject, in its recipient's).
      for (const other of document.body.querySelectorAll("[lang]:not([lang^=fr])")) other.remove();
      return `${document.title}\n${document.body.innerText}`;
    });
    found.push(...englishIn(text).map((hit) => `${path} ${hit}`));
  }
  expect(found).toEqual([]);
});
