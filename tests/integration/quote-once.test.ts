// A Pay prices its pickup once (issue 31): the checkout written by the claim hands its quote to the
// payment that follows; a checkout written by an earlier attempt (a declined card, then a second try) is
// priced once by the payment itself. The quote still decides: a slot that filled up since is refused.
import { afterEach, describe, expect, it, vi } from "vitest";
import { setNow } from "~/lib/clock";
import { bookFree } from "~/services/checkout/free.server";
import { startCardPayment } from "~/services/checkout/card.server";
import { newCheckoutId } from "~/services/checkout/record.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { createPromoCodes } from "~/services/booking/promo-rules.server";
import { db, schema } from "~/services/platform/db.server";
import { eq } from "drizzle-orm";
import type * as QuoteModule from "~/services/booking/quote.server";
import { CARD, resident, slot } from "./fixtures";

const quotes = vi.hoisted(() => ({ count: 0 }));
vi.mock("~/services/booking/quote.server", async (importOriginal) => {
  const actual = await importOriginal<typeof QuoteModule>();
  return {
    ...actual,
    quoteBooking: (...args: Parameters<typeof actual.quoteBooking>) => {
      quotes.count += 1;
      return actual.quoteBooking(...args);
    },
  };
});

afterEach(() => setNow(null));

/** How many quotes `work` computed. */
async function quotesOf(work: () => Promise<unknown>) {
  quotes.count = 0;
  await work().catch(() => undefined);
  return quotes.count;
}

describe("one quote per Pay", () => {
  it("a first Pay on a new checkout prices once, and books", async () => {
    const user = await resident();
    const s = slot();
    expect(await quotesOf(() => payWithSimulatedCard(user, { bags: 2, slotId: s.id }, CARD, newCheckoutId()))).toBe(1);
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, user.id)).all()).toHaveLength(
      1,
    );
  });

  it("a declined card, then Pay again on the same checkout: each attempt prices once", async () => {
    const user = await resident();
    const s = slot();
    const checkout = newCheckoutId();
    const declined = { ...CARD, cardNumber: "4000 0000 0000 0002" };
    expect(await quotesOf(() => payWithSimulatedCard(user, { bags: 1, slotId: s.id }, declined, checkout))).toBe(1);
    expect(await quotesOf(() => payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD, checkout))).toBe(1);
  });

  it("the API's payment intent and a free order price once too", async () => {
    const user = await resident();
    const s = slot();
    expect(await quotesOf(() => startCardPayment(user, { bags: 4, slotId: s.id }))).toBe(1);
    const other = await resident();
    const [code] = createPromoCodes(1, 100);
    expect(await quotesOf(() => bookFree(other, { bags: 1, slotId: slot().id, promoCode: code! }))).toBe(1);
    expect(
      db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.userId, other.id)).all(),
    ).toHaveLength(1);
  });

  it("the checkout page prices its pickup once per load, and shows that price", async () => {
    const { loader } = await import("~/routes/checkout/route");
    const { createUserSession } = await import("~/services/http/current-user.server");
    const user = await resident();
    const s = slot();
    const cookie = (await createUserSession(user.id)).get("Set-Cookie")!.split(";")[0]!;
    const url = `http://localhost/checkout?bags=2&slotId=${s.id}&checkout=${newCheckoutId()}`;
    quotes.count = 0;
    const page = await loader({ request: new Request(url, { headers: { Cookie: cookie } }), params: {}, context: {} });
    expect(quotes.count).toBe(1);
    expect(page).toMatchObject({ checkout: { bags: 2, slotId: s.id, breakdown: { totalCents: 2070 } } });
  });

  it("the one quote still refuses a slot that filled up", async () => {
    const user = await resident();
    const s = slot();
    db.update(schema.pickupSlots).set({ currentBooked: s.maxCapacity }).where(eq(schema.pickupSlots.id, s.id)).run();
    await expect(payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD, newCheckoutId())).rejects.toMatchObject({
      key: "errors.slotFull",
    });
  });
});
