// Fixtures for the booking flows: a resident with a complete address, a bookable slot, a promo code.
import Database from "better-sqlite3";
import { expect, type Page } from "@playwright/test";
import { e2eDatabase, signInAs } from "./helpers";

export const ADDRESS = {
  firstName: "Marie",
  lastName: "Tremblay",
  streetAddress: "1234 Rue Saint-Denis",
  unit: "3",
  city: "Montréal",
  province: "QC",
  postalCode: "H2X 3K2",
};

/** A signed-in resident whose address is complete (so checkout opens), written straight into the database. */
export async function residentWithAddress(page: Page, tag: string, address: Partial<typeof ADDRESS> = {}) {
  const profile = {
    ...ADDRESS,
    streetAddress: `${Math.floor(Math.random() * 9000) + 100} Rue Saint-Denis`,
    ...address,
  };
  return (await signInAs(page, { tag, profile })).email;
}

/** A slot this resident may book, picked at random among the offered ones so parallel tests spread out. */
export async function bookableSlotId(page: Page): Promise<number> {
  const response = await page.request.get("/api/pickup-slots");
  expect(response.status()).toBe(200);
  const slots = (await response.json()) as Array<{ id: number; maxCapacity: number; currentBooked: number }>;
  const open = slots.filter((s) => s.currentBooked < s.maxCapacity - 2);
  expect(open.length).toBeGreaterThan(0);
  return open[Math.floor(Math.random() * open.length)]!.id;
}

/**
 * A promo code straight into the database, as an admin would create it (the admin screens have their
 * own tests).
 */
export function insertPromoCode(percent = 50): string {
  const code = `RC-E2E${Math.random().toString(36).slice(2, 8).toUpperCase()}`;
  const db = new Database(e2eDatabase(), { fileMustExist: true });
  try {
    db.pragma("busy_timeout = 5000");
    const now = Date.now();
    db.prepare("insert into promo_codes (code, percent, active, expires_at, created_at) values (?, ?, 1, ?, ?)").run(
      code,
      percent,
      now + 30 * 86_400_000,
      now,
    );
  } finally {
    db.close();
  }
  return code;
}

/** A resident with a complete address who paid for 2 bags (the 4242 card) on a bookable slot. */
export async function bookTwoBags(page: Page, tag: string, payLabel: RegExp) {
  const email = await residentWithAddress(page, tag);
  const slotId = await bookableSlotId(page);
  await page.goto(`/checkout?bags=2&slotId=${slotId}`);
  await fillCard(page, "4242 4242 4242 4242");
  await page.getByRole("button", { name: payLabel }).click();
  await expect(page).toHaveURL(/\/confirmation\?confirmationNumber=/);
  const confirmation = new URL(page.url()).searchParams.get("confirmationNumber")!;
  return { email, slotId, confirmation };
}

export async function fillCard(page: Page, cardNumber: string) {
  await page.locator("#cardNumber").fill(cardNumber);
  await page.locator("#expiry").fill("12/34");
  await page.locator("#cvc").fill("123");
  await page.locator("#postalCode").fill("H2X 3K2");
  await acceptTerms(page);
}

/**
 * Ticks the checkout's contract boxes (issue 43), as a resident must before paying: "I accept the terms" and,
 * on an English page, "I received the French version and choose English".
 */
export async function acceptTerms(page: Page) {
  await page.locator('input[name="acceptTerms"]:visible').first().check();
  const french = page.locator('input[name="frenchTermsReceived"]:visible');
  if (await french.count()) await french.first().check();
}
