// After booking: My Orders, the order page with its taxes, moving the date, cancelling with the
// refund, the bell, and another resident's pickup staying out of reach. JavaScript on and off.
import { expect, test, type Page } from "@playwright/test";
import { STAND_IN_IDENTITY as WHO } from "../../scripts/stand-in-identity.mjs";
import { bookTwoBags } from "./booking-fixtures";
import { query, signedInResident } from "./helpers";

const slotOf = (confirmation: string) =>
  query<{ pickup_slot_id: number; status: string }>(
    "select pickup_slot_id, status from pickup_requests where confirmation_number = ?",
    confirmation,
  )[0]!;

/** Picks the last open date and its first window, different from the pickup's current slot. */
async function pickAnotherSlot(
  page: Page,
  js: boolean,
  texts: { show: string; update: string },
  currentSlotId: number,
) {
  const dates = page.locator('input[name="date"]:not([disabled])');
  await dates.last().check();
  if (!js) await page.getByRole("button", { name: texts.show }).click();
  const windows = page.locator(`input[name="slotId"]:not([disabled]):not([value="${currentSlotId}"])`);
  await windows.first().check();
  if (!js) await page.getByRole("button", { name: texts.update }).click();
}

test.describe("my orders in English", () => {
  test("a booked pickup: badge, order page with taxes, moved to another date, then cancelled with the refund", async ({
    page,
    javaScriptEnabled,
  }) => {
    const { email, slotId, confirmation } = await bookTwoBags(page, "orders", /Pay \$20\.70/);

    await page.goto("/history");
    const card = page.locator(`[data-confirmation="${confirmation}"]`);
    await expect(card.getByTestId("status-badge")).toHaveText("Scheduled");
    await expect(card).toContainText("2 bags");
    await expect(card).toContainText("$20.70");

    await card.getByRole("link", { name: confirmation }).click();
    await expect(page.getByRole("heading", { level: 1 })).toContainText(confirmation);
    await expect(page.getByTestId("order-subtotal")).toContainText("$18.00");
    await expect(page.getByTestId("order-gst")).toContainText("$0.90");
    await expect(page.getByTestId("order-qst")).toContainText("$1.80");
    await expect(page.getByTestId("order-total")).toContainText("$20.70");
    await expect(page.getByTestId("tax-numbers")).toContainText(`GST: ${WHO.GST_NUMBER}`);
    await expect(page.getByTestId("tax-numbers")).toContainText(`QST: ${WHO.QST_NUMBER}`);
    await expect(page.getByTestId("order-payment")).toContainText("Visa ending in 4242");

    // Move it.
    await page.goto("/history");
    await page.locator(`[data-confirmation="${confirmation}"]`).getByRole("button", { name: "Modify date" }).click();
    await expect(page).toHaveURL(/\/order\/[^/]+\/move/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Move your pickup");
    await expect(page.locator('input[name="bags"][type="radio"]')).toHaveCount(0);
    await pickAnotherSlot(page, javaScriptEnabled, { show: "Show time windows", update: "Update summary" }, slotId);
    await page.getByRole("button", { name: "Move my pickup" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByTestId("toast")).toContainText("Pickup moved");
    const moved = slotOf(confirmation);
    expect(moved.pickup_slot_id).not.toBe(slotId);
    // Back after the move does not offer the move again, nor call it failed: My Orders, as it stands.
    await page.goBack();
    await expect(page).toHaveURL(/\/history(#\w+)?$/);
    await expect(page.getByText("Booking failed")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Move my pickup" })).toHaveCount(0);
    expect(slotOf(confirmation).pickup_slot_id).toBe(moved.pickup_slot_id);
    expect(
      query<{ n: number }>(
        "select count(*) as n from payments p join users u on u.id = p.user_id where u.email = ?",
        email,
      )[0]!.n,
    ).toBe(1);

    // Cancel it: the confirmation states the fee and the refund, then it is final.
    await page.locator(`[data-confirmation="${confirmation}"]`).getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cancel this pickup?");
    await expect(page.getByText("$2.00 fee plus tax ($2.30 in all)")).toBeVisible();
    await expect(page.getByTestId("refund-amount")).toContainText("$18.40");
    await page.getByRole("button", { name: "Yes, cancel and refund $18.40" }).click();
    await expect(page).toHaveURL(/\/history$/);
    await expect(page.getByTestId("toast")).toContainText("Pickup cancelled");
    const cancelledCard = page.locator(`[data-confirmation="${confirmation}"]`);
    await expect(cancelledCard.getByTestId("status-badge")).toHaveText("Cancelled");
    await expect(cancelledCard.getByRole("button", { name: "Modify date" })).toHaveCount(0);
    await page.goto(`/order/${confirmation}`);
    await expect(page.getByTestId("order-payment")).toContainText("Refund of $18.40: sent to your card");
    expect(slotOf(confirmation).status).toBe("Cancelled");
  });

  test("the bell counts unread notifications and marks them read", async ({ page }) => {
    await signedInResident(page, "bell");
    await page.goto("/");
    await expect(page.getByTestId("bell-badge")).toHaveText("1");
    await page.getByTestId("bell").click();
    await expect(page.getByTestId("notification-list")).toContainText("Welcome to ReCircle!");
    await page.getByRole("button", { name: "Mark all as read" }).first().click();
    await expect(page.getByTestId("bell-badge")).toHaveCount(0);
  });

  test("an empty history links to the materials", async ({ page }) => {
    await signedInResident(page, "empty");
    await page.goto("/history");
    await expect(page.getByText("You have no pickups yet.")).toBeVisible();
    await expect(page.getByRole("link", { name: "See accepted materials and book" })).toHaveAttribute(
      "href",
      "/materials",
    );
  });
});

test.describe("mes commandes en français", () => {
  test.use({ locale: "fr-CA" });

  test("une collecte réservée est déplacée puis annulée avec remboursement", async ({ page, javaScriptEnabled }) => {
    const { slotId, confirmation } = await bookTwoBags(page, "fr-orders", /Payer 20,70/);
    await page.goto(`/order/${confirmation}`);
    await expect(page.getByTestId("order-gst")).toContainText(/0,90\s\$/);
    await expect(page.getByTestId("order-qst")).toContainText(/1,80\s\$/);
    await expect(page.getByTestId("tax-numbers")).toContainText(`TPS : ${WHO.GST_NUMBER}`);
    await expect(page.getByTestId("tax-numbers")).toContainText(`TVQ : ${WHO.QST_NUMBER}`);

    await page.goto("/history");
    await expect(page.locator(`[data-confirmation="${confirmation}"]`).getByTestId("status-badge")).toHaveText(
      "Planifiée",
    );
    await page
      .locator(`[data-confirmation="${confirmation}"]`)
      .getByRole("button", { name: "Changer la date" })
      .click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Déplacer votre collecte");
    await pickAnotherSlot(
      page,
      javaScriptEnabled,
      { show: "Afficher les plages horaires", update: "Mettre à jour le récapitulatif" },
      slotId,
    );
    await page.getByRole("button", { name: "Déplacer ma collecte" }).click();
    await expect(page.getByTestId("toast")).toContainText("Collecte déplacée");

    await page.locator(`[data-confirmation="${confirmation}"]`).getByRole("link", { name: "Annuler" }).click();
    await expect(page.getByTestId("refund-amount")).toContainText(/18,40\s\$/);
    await page.getByRole("button", { name: /Oui, annuler et rembourser 18,40/ }).click();
    await expect(page.locator(`[data-confirmation="${confirmation}"]`).getByTestId("status-badge")).toHaveText(
      "Annulée",
    );
  });
});

test.describe("another resident's pickup", () => {
  test("answers not found on every page and endpoint, and is unchanged", async ({
    page,
    browser,
    javaScriptEnabled,
  }) => {
    const { confirmation } = await bookTwoBags(page, "owner", /Pay \$20\.70/);
    const id = query<{ id: number }>("select id from pickup_requests where confirmation_number = ?", confirmation)[0]!
      .id;
    const other = await browser.newPage({ javaScriptEnabled });
    await signedInResident(other, "intruder");
    const response = await other.goto(`/order/${confirmation}`);
    expect(response?.status()).toBe(404);
    await expect(other.getByRole("heading", { level: 1 })).toHaveText("Order Not Found");
    expect((await other.goto(`/order/${confirmation}/cancel`))?.status()).toBe(404);
    const cancelPost = await other.request.post(`/order/${confirmation}/cancel`, { form: {} });
    expect(cancelPost.status()).toBe(404);
    await other.goto("/history");
    await expect(other.getByText(confirmation)).toHaveCount(0);

    const api = other.request;
    // API requests send no Accept-Language (that is French): ask for the English message.
    const get = await api.get(`/api/pickup-requests/${confirmation}`, { headers: { "Accept-Language": "en-CA" } });
    expect(get.status()).toBe(404);
    expect((await get.json()).message).toBe("Order not found");
    expect((await api.put(`/api/pickup-requests/${id}`, { data: { pickupSlotId: 1 } })).status()).toBe(404);
    expect((await api.delete(`/api/pickup-requests/${id}`)).status()).toBe(404);
    const list = await (await api.get("/api/pickup-requests")).json();
    expect(list).toEqual([]);
    expect(slotOf(confirmation).status).toBe("Scheduled");
    await other.close();
  });
});
