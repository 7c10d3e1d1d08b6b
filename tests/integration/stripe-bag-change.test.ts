// Issue 45 part 5 with Stripe (the real SDK on the local stand-in): a bag more paid with the Payment Element
// (its intent for the difference on the resident's customer, with its idempotency key, on the wire), applied
// once whether the browser's PUT or the order page's return from 3-D Secure (`?bags=&payment_intent=`) comes
// first; a bag less refunds the difference in full at Stripe, under its idempotency key.
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";

const standIn = await vi.hoisted(async () => {
  const { startStripeStandIn, pointStripeAt } = await import("./stripe-stand-in");
  const started = await startStripeStandIn();
  pointStripeAt(started);
  return started;
});

import { startBagChangePayment } from "~/services/checkout/bag-change-payment.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { fulfilPayment } from "~/services/checkout/fulfil.server";
import { bagsReturnFromStripe, changeBags } from "~/services/http/order-actions.server";
import { setPaymentProvider } from "~/services/payments/provider.server";
import { StripeProvider } from "~/services/payments/stripe.server";
import { findPickup } from "~/services/pickups/pickups.server";
import { resident, slot } from "./fixtures";

const stripe = new StripeProvider({ secretKey: "sk_test_x", publishableKey: "pk_test_x" });

beforeAll(() => setPaymentProvider(stripe));
beforeEach(() => standIn.reset());
afterAll(async () => {
  setPaymentProvider(null);
  await standIn.close();
});

/** A resident's pickup of 2 bags, paid at Stripe and booked. */
async function paidPickup() {
  const user = await resident();
  const started = await startCardPayment(user, { bags: 2, slotId: slot({ daysAhead: 5 }).id });
  standIn.succeedIntent(started.paymentIntentId);
  const pickup = await fulfilPayment(started.paymentIntentId);
  standIn.requests.length = 0;
  return { user, pickup, customerId: started.customerId };
}

describe("a bag change with Stripe", () => {
  it("a bag more: the difference's intent on the wire, applied once by the 3-D Secure return and the PUT", async () => {
    const { user, pickup, customerId } = await paidPickup();
    const intent = await startBagChangePayment(user, pickup.id, 4);
    const [create] = standIn.requestsTo("POST", "/v1/payment_intents");
    expect(create!.params).toMatchObject({ customer: customerId, amount: String(intent.amountCents) });
    expect(create!.idempotencyKey).toBeTruthy();
    expect(intent.amountCents).toBeGreaterThan(0);
    standIn.succeedIntent(intent.paymentIntentId);

    // Back from Stripe's 3-D Secure page on the order page: applied, then the page with its toast.
    const order = findPickup(user.id, pickup.confirmationNumber)!;
    const back = new Request(
      `http://localhost/order/${pickup.confirmationNumber}?bags=4&payment_intent=${intent.paymentIntentId}`,
    );
    const answer = (await bagsReturnFromStripe(back, user, order))!;
    expect(answer.status).toBe(302);
    expect(answer.headers.get("Location")).toBe(`/order/${pickup.confirmationNumber}#bag-change`);
    expect(findPickup(user.id, pickup.confirmationNumber)!.bagsRequested).toBe(4);
    // The browser's PUT after it (or a reload of the return) changes nothing twice.
    const again = await changeBags(user, pickup.id, 4, intent.paymentIntentId);
    expect(again.pickup.bagsRequested).toBe(4);
    expect(standIn.requestsTo("POST", "/v1/payment_intents")).toHaveLength(1);
    await bagsReturnFromStripe(back, user, findPickup(user.id, pickup.confirmationNumber)!);
    expect(findPickup(user.id, pickup.confirmationNumber)!.bagsRequested).toBe(4);
    // Not such a return: nothing.
    expect(await bagsReturnFromStripe(new Request("http://localhost/order/x"), user, order)).toBeNull();
  });

  it("a bag less: the difference refunded in full at Stripe, under an idempotency key", async () => {
    const { user, pickup } = await paidPickup();
    const outcome = await changeBags(user, pickup.id, 1, null);
    expect(outcome.refundCents).toBeGreaterThan(0);
    const [refund] = standIn.requestsTo("POST", "/v1/refunds");
    expect(refund!.params).toMatchObject({ amount: String(outcome.refundCents) });
    expect(refund!.idempotencyKey).toBeTruthy();
    expect(findPickup(user.id, pickup.confirmationNumber)!.bagsRequested).toBe(1);
  });
});
