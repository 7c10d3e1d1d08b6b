// A checkout is paid once (simulated provider, JavaScript on and off): after paying, Back shows that the
// checkout is paid with a link to the confirmation and no Pay button; a Pay button kept from before (a
// second tab, a page kept in history) charges nothing and books nothing; two tabs paying at once make one
// pickup and one charge.
import { expect, test, type Page } from "@playwright/test";
import { bookableSlotId, fillCard, residentWithAddress } from "./booking-fixtures";
import { query } from "./helpers";

const pickupsOf = (email: string) =>
  query<{ confirmation_number: string }>(
    "select p.confirmation_number from pickup_requests p join users u on u.id = p.user_id where u.email = ?",
    email,
  );
/** Charges at the simulated provider for this resident (its ledger keeps the user id in the metadata). */
const chargesOf = (email: string) =>
  query<{ status: string }>(
    `select i.status from simulated_intents i join users u on json_extract(i.metadata, '$.userId') = cast(u.id as text)
     where u.email = ?`,
    email,
  );

/** The checkout's own URL (with its `checkout` id), reached as a resident would from /booking. */
async function openCheckout(page: Page, bags: number, slotId: number) {
  await page.goto(`/checkout?bags=${bags}&slotId=${slotId}`);
  await expect(page).toHaveURL(/[?&]checkout=[\w-]{22}/);
  return page.url();
}

async function expectPaidPage(page: Page, confirmationNumber: string) {
  const paid = page.getByTestId("checkout-paid");
  await expect(paid).toBeVisible();
  await expect(paid.getByRole("heading", { level: 1 })).toHaveText("This checkout is already paid");
  await expect(paid).toContainText(confirmationNumber);
  await expect(paid.getByRole("link", { name: "See your confirmation" })).toHaveAttribute(
    "href",
    `/confirmation?confirmationNumber=${confirmationNumber}`,
  );
  await expect(page.getByRole("button", { name: /^Pay/ })).toHaveCount(0);
}

test("pay, press Back: the checkout says it is paid, links to the confirmation, and charges nothing more", async ({
  page,
}) => {
  const email = await residentWithAddress(page, "paid-back");
  const slotId = await bookableSlotId(page);
  const checkoutUrl = await openCheckout(page, 2, slotId);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $20.70" }).click();
  await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
  const number = new URL(page.url()).searchParams.get("confirmationNumber")!;

  await page.goBack();
  await expect(page).toHaveURL(checkoutUrl);
  await expectPaidPage(page, number);
  // A reload asks the server again: still paid.
  await page.reload();
  await expectPaidPage(page, number);
  await page.getByRole("link", { name: "See your confirmation" }).click();
  await expect(page.getByTestId("confirmation-number")).toHaveText(number);

  // The same Pay posted again (a page kept from before): the answer is the paid checkout, not a charge.
  const again = await page.request.post(checkoutUrl, {
    form: { intent: "pay", cardNumber: "4242424242424242", expiry: "12/34", cvc: "123", postalCode: "H2X 3K2" },
    maxRedirects: 0,
  });
  expect(again.status()).toBe(302);
  expect(again.headers()["location"]).toBe(checkoutUrl.replace(/^https?:\/\/[^/]+/, ""));
  expect(pickupsOf(email)).toHaveLength(1);
  expect(chargesOf(email)).toEqual([{ status: "succeeded" }]);
});

test("a second tab's live Pay button, pressed after paying, shows the paid checkout and charges nothing", async ({
  page,
  context,
}) => {
  const email = await residentWithAddress(page, "paid-tab");
  const slotId = await bookableSlotId(page);
  const checkoutUrl = await openCheckout(page, 1, slotId);
  const other = await context.newPage();
  await other.goto(checkoutUrl);
  await fillCard(other, "4242 4242 4242 4242");

  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: "Pay $11.50" }).click();
  await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
  const number = new URL(page.url()).searchParams.get("confirmationNumber")!;

  await other.getByRole("button", { name: "Pay $11.50" }).click();
  await expectPaidPage(other, number);
  expect(pickupsOf(email)).toHaveLength(1);
  expect(chargesOf(email)).toEqual([{ status: "succeeded" }]);
});

test("two tabs paying the same checkout at once: one pickup, one charge", async ({ page, context }) => {
  const email = await residentWithAddress(page, "paid-race");
  const slotId = await bookableSlotId(page);
  const checkoutUrl = await openCheckout(page, 4, slotId);
  const other = await context.newPage();
  await other.goto(checkoutUrl);
  await fillCard(page, "4242 4242 4242 4242");
  await fillCard(other, "5555 5555 5555 4444");

  await Promise.all([
    page.getByRole("button", { name: "Pay $36.79" }).click(),
    other.getByRole("button", { name: "Pay $36.79" }).click(),
  ]);
  for (const tab of [page, other]) {
    await expect(tab.getByTestId("confirmation-number").or(tab.getByTestId("checkout-paid"))).toBeVisible();
  }
  expect(pickupsOf(email)).toHaveLength(1);
  expect(chargesOf(email)).toEqual([{ status: "succeeded" }]);
});
