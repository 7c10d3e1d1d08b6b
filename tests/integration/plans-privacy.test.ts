// Issue 45 and Law 25: the export holds the resident's plans and saved cards (brand, last four, expiry
// only), and deleting the account stops its plans, detaches its saved card at the provider and gives a
// held cycle's place back to its slot (its open payment cancelled); stopping a plan does the same; the
// deleted account's plan goes with its first pickup when the tax records are purged.
import { and, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { cycleDueAt } from "~/lib/plan-dates";
import { runPlanCycles } from "~/services/plans/cycle-job.server";
import { stopPlan } from "~/services/plans/manage.server";
import { applyRetention } from "~/services/privacy/retention.server";
import { paymentProvider, setPaymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { db, schema } from "~/services/platform/db.server";
import { deleteAccount } from "~/services/privacy/deletion.server";
import { exportAccountData } from "~/services/privacy/export.server";
import { readableExport } from "~/services/privacy/export-view.server";
import type { ExportView } from "~/lib/data-export";
import { formatDate } from "~/lib/format";
import { planned, planOn } from "./plan-fixtures";

afterEach(() => {
  setPaymentProvider(null);
  setNow(null);
});

const HOUR = 3_600_000;
const slotOn = (date: string) =>
  db
    .select()
    .from(schema.pickupSlots)
    .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.window, "morning")))
    .get()!;
const cycleOf = (planId: number) =>
  db.select().from(schema.planCycles).where(eq(schema.planCycles.planId, planId)).get();
const intentOf = (id: string) =>
  db.select().from(schema.simulatedIntents).where(eq(schema.simulatedIntents.id, id)).get();
const methodOf = (id: string) =>
  db.select().from(schema.simulatedPaymentMethods).where(eq(schema.simulatedPaymentMethods.id, id)).get();

/** A plan whose cycle of `date` the job held as "Payment needed" (the card declined off-session). */
async function heldOn(date: string) {
  const at = cycleDueAt(date);
  // The week's slots, and any cycle another test's plan has that week (a plan made from a slot a few days
  // from today can fall on `date` weeks later), so that `before` counts everything but this plan.
  setNow(at);
  await runPlanCycles(at);
  const before = slotOn(date).currentBooked;
  const held = await planOn(date, { behaviour: "card_declined" });
  setNow(at);
  await runPlanCycles(at);
  const cycle = cycleOf(held.plan.id)!;
  expect(cycle.status).toBe("payment_needed");
  expect(slotOn(date).currentBooked).toBe(before + 1);
  return { ...held, at, before, cycle };
}

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
    expect(JSON.stringify(data)).not.toContain(card.customerId);
  });

  it("the readable export tells the plan and the saved card, in English and in French", async () => {
    const { user, pickup, card, slot: s } = await planned(8);
    const data = exportAccountData(user.id);
    const lines = (view: ExportView, id: string) => {
      const section = view.sections.find((x) => x.id === id)!;
      return section.items.map((item) => [item.heading, ...item.rows.map((r) => `${r.label}: ${r.value}`)]);
    };
    const en = await readableExport(data, "en");
    expect(en.sections.map((x) => x.id)).toEqual(expect.arrayContaining(["plans", "savedCards"]));
    expect(lines(en, "plans")).toEqual([
      expect.arrayContaining([
        `Plan started from pickup ${pickup.confirmationNumber}`,
        "Status: Active",
        "How often: Every 8 weeks",
        "Bags: 2",
        `Last pickup date: ${formatDate(s.date, "en")}`,
      ]),
    ]);
    expect(lines(en, "savedCards")).toEqual([
      expect.arrayContaining(["visa ending in 4242", "Expires: 12/2030", "Language of your consent: English"]),
    ]);
    expect(lines(en, "savedCards")[0]).toContain("Removed at the payment provider: Still saved");
    const fr = await readableExport(data, "fr");
    expect(lines(fr, "plans")[0]).toEqual(
      expect.arrayContaining([
        `Forfait commencé à la collecte ${pickup.confirmationNumber}`,
        "Statut: Actif",
        "Fréquence: Toutes les 8 semaines",
      ]),
    );
    expect(lines(fr, "savedCards")[0]).toEqual(
      expect.arrayContaining([
        "visa se terminant par 4242",
        "Expire: 12/2030",
        "Langue de votre consentement: Anglais",
      ]),
    );
    const everything = JSON.stringify([en, fr]);
    expect(everything).not.toContain(card.paymentMethodId);
    expect(everything).not.toContain(card.customerId);
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

  it("deleting the account releases a held cycle: its place back to the slot, its payment cancelled, the card detached", async () => {
    const date = "2027-05-04";
    const { user, plan, card, before, cycle, at } = await heldOn(date);
    setNow(at + HOUR);
    await deleteAccount(user, "sorting-day-1");
    expect(cycleOf(plan.id)!.status).toBe("released");
    expect(slotOn(date).currentBooked).toBe(before);
    expect(intentOf(cycle.providerPaymentId!)!.status).toBe("canceled");
    expect(db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, plan.id)).get()!.status).toBe(
      "stopped",
    );
    expect(methodOf(card.paymentMethodId)!.detachedAt).not.toBeNull();
    // Its hold running out later changes nothing more (the place was given back once).
    setNow(at + 49 * HOUR);
    expect((await runPlanCycles(at + 49 * HOUR)).released).toBe(0);
    expect(slotOn(date).currentBooked).toBe(before);
    // Nothing is booked for the tombstone afterwards.
    expect(db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.planId, plan.id)).all()).toHaveLength(
      0,
    );
  });

  it("stopping a plan releases its held cycle too", async () => {
    const date = "2027-05-11";
    const { user, plan, before, cycle, at } = await heldOn(date);
    setNow(at + HOUR);
    await stopPlan(user.id, plan.id, at + HOUR);
    expect(cycleOf(plan.id)!.status).toBe("released");
    expect(slotOn(date).currentBooked).toBe(before);
    expect(intentOf(cycle.providerPaymentId!)!.status).toBe("canceled");
  });

  it("a deleted account's plan and its cycles go with its first pickup when the tax records are purged", async () => {
    const date = "2027-05-18";
    const { user, plan } = await heldOn(date);
    await deleteAccount(user, "sorting-day-1");
    // Seven years on: the first pickup (and so its plan, which points at it) is purged, the run does not fail.
    const at = Date.parse("2034-01-02T12:00:00-05:00");
    setNow(at);
    applyRetention(at);
    expect(db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, plan.id)).get()).toBeUndefined();
    expect(cycleOf(plan.id)).toBeUndefined();
  });
});
