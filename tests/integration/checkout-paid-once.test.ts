// A checkout is paid once (issue 20, items 0 and 3): its id comes in the checkout page's URL; once paid,
// its page and its API answer with the pickup it booked; Back, a reload or a second tab paying again books
// nothing and charges nothing; two tabs at once make one pickup and one charge; one intent per checkout,
// reused after a decline, updated when the promo changes, cancelled after an hour unpaid.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { cancelAbandonedIntent, startCardPayment } from "~/services/checkout/card.server";
import { CardError, payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { CheckoutPaidError, newCheckoutId } from "~/services/checkout/record.server";
import { applyPromo, createPromoCodes } from "~/services/booking/promo-rules.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { createUserSession } from "~/services/http/current-user.server";
import { paymentProvider } from "~/services/payments/provider.server";
import { db, schema } from "~/services/platform/db.server";
import { action as checkoutAction, loader as checkoutLoader } from "~/routes/checkout/route";
import { action as createIntentAction } from "~/routes/api.create-payment-intent";
import { CARD, resident, slot } from "./fixtures";

const pickupsOf = (userId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, userId)).all();
const paymentsOf = (userId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.userId, userId)).all();
const intentsFor = (userId: number) =>
  db
    .select()
    .from(schema.simulatedIntents)
    .all()
    .filter((i) => JSON.parse(i.metadata).userId === String(userId));
const DECLINED = { ...CARD, cardNumber: "4000 0000 0000 0002" };

afterEach(() => setNow(null));

describe("a checkout is paid once (services)", () => {
  it("paying a paid checkout again books nothing and charges nothing: it answers the first pickup", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const first = await payWithSimulatedCard(user, { bags: 2, slotId: s.id }, CARD, checkoutId);
    const again = await payWithSimulatedCard(user, { bags: 2, slotId: s.id }, CARD, checkoutId).catch((e) => e);
    expect(again).toBeInstanceOf(CheckoutPaidError);
    expect((again as CheckoutPaidError).pickup.id).toBe(first.id);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(paymentsOf(user.id)).toHaveLength(1);
    expect(intentsFor(user.id).filter((i) => i.status === "succeeded")).toHaveLength(1);
    // A new checkout (from /booking) may book the same slot again: that is a resident's own choice.
    await payWithSimulatedCard(user, { bags: 2, slotId: s.id }, CARD, newCheckoutId());
    expect(pickupsOf(user.id)).toHaveLength(2);
  });

  it("two tabs paying the same checkout at once: one pickup, one charge", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const results = await Promise.allSettled([
      payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD, checkoutId),
      payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD, checkoutId),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual(["fulfilled", "rejected"]);
    const refused = results.find((r) => r.status === "rejected") as PromiseRejectedResult;
    expect(refused.reason).toBeInstanceOf(CheckoutPaidError);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(intentsFor(user.id)).toHaveLength(1);
    expect(intentsFor(user.id)[0]!.status).toBe("succeeded");
  });

  it("a decline then a good card: one intent, reused; the promo changed in between updates its amount", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    await expect(payWithSimulatedCard(user, { bags: 1, slotId: s.id }, DECLINED, checkoutId)).rejects.toBeInstanceOf(
      CardError,
    );
    const [code] = createPromoCodes(1, 50);
    applyPromo(user, code!, 1);
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD, checkoutId);
    expect(pickup.promoDiscountCents).toBeGreaterThan(0);
    const intents = intentsFor(user.id);
    expect(intents).toHaveLength(1);
    expect(intents[0]!.amountCents).toBe(pickup.totalCents);
    expect(paymentsOf(user.id)).toEqual([expect.objectContaining({ amountCents: pickup.totalCents, checkoutId })]);
  });

  it("a checkout id belongs to its resident, bags and slot", async () => {
    const user = await resident();
    const other = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    for (const [who, bags] of [
      [other, 1],
      [user, 2],
    ] as const) {
      const error = await startCardPayment(who, { bags, slotId: s.id }, { checkoutId }).catch((e) => e);
      expect(error).toBeInstanceOf(BookingError);
      expect((error as BookingError).key).toBe("errors.checkoutMismatch");
    }
  });

  it("an intent unpaid for an hour is cancelled and never paid; the checkout then starts a second attempt", async () => {
    const user = await resident();
    const s = slot();
    const checkoutId = newCheckoutId();
    const started = await startCardPayment(user, { bags: 1, slotId: s.id }, { checkoutId });
    const provider = paymentProvider();
    expect(await cancelAbandonedIntent(started.payment, provider, Date.now())).toBe(false);
    expect(await cancelAbandonedIntent(started.payment, provider, Date.now() + 61 * 60_000)).toBe(true);
    expect((await provider.retrieveIntent(started.paymentIntentId))!.status).toBe("canceled");
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD, checkoutId);
    expect(pickup.checkoutId).toBe(checkoutId);
    expect(
      intentsFor(user.id)
        .map((i) => i.status)
        .sort(),
    ).toEqual(["canceled", "succeeded"]);
  });
});

async function cookieFor(userId: number) {
  return (await createUserSession(userId)).get("Set-Cookie")!.split(";")[0]!;
}

function form(fields: Record<string, string>) {
  return new URLSearchParams(fields).toString();
}

describe("the checkout page and its API", () => {
  it("names each new checkout in its URL; once paid, the page says so and a second Pay changes nothing", async () => {
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const headers = { Cookie: cookie, "Accept-Language": "en-CA" };
    const entry = `http://localhost/checkout?bags=2&slotId=${s.id}`;
    const arrival = await checkoutLoader({ request: new Request(entry, { headers }), params: {}, context: {} }).catch(
      (r: Response) => r,
    );
    expect(arrival).toBeInstanceOf(Response);
    const location = (arrival as Response).headers.get("Location")!;
    expect(location).toMatch(new RegExp(`^/checkout\\?bags=2&slotId=${s.id}&checkout=[\\w-]{22}$`));
    const url = `http://localhost${location}`;

    const pay = () =>
      checkoutAction({
        request: new Request(url, {
          method: "POST",
          headers: { ...headers, "Content-Type": "application/x-www-form-urlencoded" },
          body: form({
            intent: "pay",
            acceptTerms: "on",
            frenchTermsReceived: "on",
            cardNumber: CARD.cardNumber,
            expiry: "12/34",
            cvc: "123",
            postalCode: "H2X 3K2",
          }),
        }),
        params: {},
        context: {},
      }) as Promise<Response>;
    const paid = await pay();
    expect(paid.status).toBe(302);
    expect(paid.headers.get("Location")).toMatch(/^\/confirmation\?confirmationNumber=/);
    const [pickup] = pickupsOf(user.id);

    // Back (or a reload, or another tab) on the same URL: the page is the paid checkout's, with its pickup.
    const back = (await checkoutLoader({ request: new Request(url, { headers }), params: {}, context: {} })) as {
      paid: { confirmationNumber: string } | null;
      checkout: unknown;
    };
    expect(back.paid).toMatchObject({ confirmationNumber: pickup!.confirmationNumber });
    expect(back.checkout).toBeNull();

    // Pressing Pay on a page kept from before: nothing is charged, the resident lands on the paid page.
    const again = await pay();
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe(location);
    expect(pickupsOf(user.id)).toHaveLength(1);
    expect(paymentsOf(user.id)).toHaveLength(1);
  });

  it("the API: the same checkout gets its one intent; once paid it answers 409 with the confirmation number", async () => {
    const user = await resident();
    const s = slot();
    const cookie = await cookieFor(user.id);
    const create = async (body: Record<string, unknown>) => {
      const response = await createIntentAction({
        request: new Request("http://localhost/api/create-payment-intent", {
          method: "POST",
          headers: { Cookie: cookie, "Accept-Language": "en-CA", "Content-Type": "application/json" },
          body: JSON.stringify(body),
        }),
        params: {},
        context: {},
      });
      return { status: response.status, json: (await response.json()) as Record<string, string> };
    };
    const first = await create({ bagCount: 1, slotId: s.id, acceptTerms: true });
    expect(first.status).toBe(200);
    // Without its id, the resident's open checkout for these bags and slot is found again.
    const second = await create({ bagCount: 1, slotId: s.id, acceptTerms: true });
    expect(second.json.paymentIntentId).toBe(first.json.paymentIntentId);
    const third = await create({ bagCount: 1, slotId: s.id, checkoutId: first.json.checkoutId, acceptTerms: true });
    expect(third.json.paymentIntentId).toBe(first.json.paymentIntentId);
    expect(intentsFor(user.id)).toHaveLength(1);

    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD, first.json.checkoutId!);
    const afterPaid = await create({ bagCount: 1, slotId: s.id, checkoutId: first.json.checkoutId, acceptTerms: true });
    expect(afterPaid.status).toBe(409);
    expect(afterPaid.json).toMatchObject({
      code: "checkout_paid",
      confirmationNumber: pickup.confirmationNumber,
      message: expect.stringContaining("already paid"),
    });
    // Without an id, a paid checkout is not reused: a new one starts (a second pickup is the resident's choice).
    const fresh = await create({ bagCount: 1, slotId: s.id, acceptTerms: true });
    expect(fresh.status).toBe(200);
    expect(fresh.json.checkoutId).not.toBe(first.json.checkoutId);
  });
});

describe("a checkout for a slot that cannot be booked", () => {
  it("is refused with the booking's own reason, never a database error", async () => {
    const user = await resident();
    for (const checkoutId of [newCheckoutId(), null]) {
      const error = await startCardPayment(user, { bags: 1, slotId: 987_654_321 }, { checkoutId }).catch((e) => e);
      expect(error).toBeInstanceOf(BookingError);
      expect((error as BookingError).status).toBeLessThan(500);
    }
  });
});
