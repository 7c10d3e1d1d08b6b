// Issue 45 and Law 25: the export holds the resident's plans and saved cards (brand, last four, expiry
// only), and deleting the account stops its plans and detaches its saved cards at the provider.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { paymentProvider, setPaymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { db, schema } from "~/services/platform/db.server";
import { deleteAccount } from "~/services/privacy/deletion.server";
import { exportAccountData } from "~/services/privacy/export.server";
import { planned } from "./plan-fixtures";

afterEach(() => setPaymentProvider(null));

describe("plans in the export and the deletion", () => {
  it("exports the plan and the card's brand, last four and expiry, never the provider's ids", async () => {
    const { user, pickup, card } = await planned(8);
    const data = exportAccountData(user.id);
    expect(data.plans).toEqual([
      expect.objectContaining({
        startedFrom: pickup.confirmationNumber,
        intervalWeeks: 8,
        bagCount: 2,
        status: "active",
      }),
    ]);
    expect(data.savedCards).toEqual([
      expect.objectContaining({ brand: "visa", last4: "4242", expMonth: 12, expYear: 2030, detachedAt: null }),
    ]);
    expect(JSON.stringify(data)).not.toContain(card.paymentMethodId);
  });

  it("deleting the account stops its plans and detaches its saved card at the provider", async () => {
    const { user, card, plan } = await planned();
    const detached: string[] = [];
    setPaymentProvider(
      Object.assign(Object.create(paymentProvider()) as PaymentProvider, {
        detachPaymentMethod: async (id: string) => {
          detached.push(id);
        },
      }),
    );
    await deleteAccount(user, "sorting-day-1");
    const planRow = db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, plan.id)).get()!;
    expect(planRow.status).toBe("stopped");
    expect(detached).toEqual([card.paymentMethodId]);
    // Detached there, and gone here with the account's other rows.
    expect(db.select().from(schema.savedCards).where(eq(schema.savedCards.id, card.id)).get()).toBeUndefined();
  });
});
