// Issue 23 part 2 at an operator's desk (1280×800), JavaScript on and off: after a save the message sits
// in the page flow above the admin tabs and covers no heading, field, button, link or tab. Runs on the
// admin server (file name ends admin.spec.ts).
import { expect, test } from "@playwright/test";
import { signInAdmin } from "./admin-fixtures";
import { expectNothingCovered } from "./no-overlap";

test.use({ viewport: { width: 1280, height: 800 } });

test("a saved capacity's message covers nothing on the admin desk", async ({ page }) => {
  await signInAdmin(page.request);
  await page.goto("/admin/supply");
  // The last slot listed: far ahead, away from the slots the other admin tests book and change.
  const row = page.locator("tr[data-slot-id]").last();
  const slotId = await row.getAttribute("data-slot-id");
  const field = row.locator('input[name="capacity"]');
  const capacity = Number(await field.inputValue());
  await field.fill(String(capacity + 1));
  await row.getByRole("button", { name: "Save" }).click();
  await expect(page.getByTestId("toast")).toContainText("Capacity saved");
  await expect(page.locator(`tr[data-slot-id="${slotId}"] input[name="capacity"]`)).toHaveValue(String(capacity + 1));
  await expectNothingCovered(page);
});
