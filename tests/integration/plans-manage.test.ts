// Issue 45 part 4: the resident's plan management (services/plans/manage) on a real SQLite file: skip,
// pause and resume, change, stop with its card detached at the provider, and another resident's plan
// refused with nothing changed.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { addDays, dateKey } from "~/lib/dates";
import { setNow } from "~/lib/clock";
import { paymentProvider, setPaymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { db, schema } from "~/services/platform/db.server";
import { changePlan, skipNext, stopPlan } from "~/services/plans/manage.server";
import { listPlans, ownPlan, planOfPickup } from "~/services/plans/plan-views.server";
import { resident } from "./fixtures";
import { planned } from "./plan-fixtures";

afterEach(() => {
  setNow(null);
  setPaymentProvider(null);
});

const planRow = (id: number) => db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, id)).get()!;
const cardRow = (id: number) => db.select().from(schema.savedCards).where(eq(schema.savedCards.id, id)).get()!;

/** The provider as it is, recording the payment methods detached (and able to fail). */
function recordingProvider(fail = false) {
  const detached: string[] = [];
  const base = paymentProvider();
  const provider = Object.assign(Object.create(base) as PaymentProvider, {
    detachPaymentMethod: async (id: string) => {
      if (fail) throw new Error("provider down");
      detached.push(id);
    },
  });
  return { provider, detached };
}

describe("reading plans", () => {
  it("lists the resident's plan with its next date, card and status, and finds it from its pickup", async () => {
    const { user, slot: s, pickup, plan } = await planned();
    const [view] = listPlans(user.id);
    expect(view).toMatchObject({
      id: plan.id,
      pickupRequestId: pickup.id,
      intervalWeeks: 4,
      bagCount: 2,
      window: s.window,
      status: "active",
      nextDate: addDays(s.date, 28),
      pausedUntil: null,
      card: { brand: "visa", last4: "4242", expMonth: 12, expYear: 2030 },
    });
    expect(planOfPickup(user.id, pickup)?.id).toBe(plan.id);
  });
});

describe("skip", () => {
  it("skips the next pickup: nothing booked for it, the one after is planned; a second skip moves on again", async () => {
    const { user, slot: s, plan } = await planned();
    const { skipped } = skipNext(user.id, plan.id);
    expect(skipped).toBe(addDays(s.date, 28));
    expect(planRow(plan.id).skipDate).toBe(addDays(s.date, 28));
    expect(ownPlan(user.id, plan.id).nextDate).toBe(addDays(s.date, 56));
    skipNext(user.id, plan.id);
    expect(ownPlan(user.id, plan.id).nextDate).toBe(addDays(s.date, 84));
    expect(db.select().from(schema.planCycles).where(eq(schema.planCycles.planId, plan.id)).all()).toEqual([]);
  });

  it("refuses to skip a next pickup already booked by the cycle (the resident cancels it from its page)", async () => {
    const { user, plan } = await planned();
    const next = ownPlan(user.id, plan.id).nextDate!;
    db.insert(schema.planCycles)
      .values({ planId: plan.id, cycleDate: next, status: "booked", idempotencyKey: `t-${plan.id}`, updatedAt: 1 })
      .run();
    expect(() => skipNext(user.id, plan.id)).toThrow(expect.objectContaining({ key: "myplans:errors.alreadyBooked" }));
    expect(planRow(plan.id).skipDate).toBeNull();
  });
});

describe("change and pause", () => {
  it("changes the interval, bags and window; the next date follows the interval", async () => {
    const { user, slot: s, plan } = await planned(4);
    const other = s.window === "morning" ? "afternoon" : "morning";
    const view = changePlan(user.id, plan.id, { intervalWeeks: 8, bagCount: 4, window: other });
    expect(view).toMatchObject({ intervalWeeks: 8, bagCount: 4, window: other, nextDate: addDays(s.date, 56) });
  });

  it("pauses until a date (no pickup before it), refuses a past or far date unchanged, and resumes", async () => {
    const { user, slot: s, plan } = await planned(4);
    const until = addDays(s.date, 40);
    const paused = changePlan(user.id, plan.id, { pausedUntil: until });
    expect(paused).toMatchObject({ status: "paused", pausedUntil: until, nextDate: addDays(s.date, 56) });
    const today = dateKey(Date.now());
    expect(() => changePlan(user.id, plan.id, { pausedUntil: today })).toThrow(
      expect.objectContaining({ key: "myplans:errors.pauseInPast" }),
    );
    expect(() => changePlan(user.id, plan.id, { pausedUntil: addDays(today, 400), bagCount: 1 })).toThrow(
      expect.objectContaining({ key: "myplans:errors.pauseTooLong" }),
    );
    expect(planRow(plan.id)).toMatchObject({ pausedUntil: until, bagCount: 2, status: "paused" });
    expect(changePlan(user.id, plan.id, { pausedUntil: null })).toMatchObject({ status: "active", pausedUntil: null });
  });
});

describe("stop", () => {
  it("stops the plan and detaches its saved card at the provider", async () => {
    const { user, card, plan } = await planned();
    const { provider, detached } = recordingProvider();
    setPaymentProvider(provider);
    await stopPlan(user.id, plan.id);
    expect(planRow(plan.id)).toMatchObject({ status: "stopped" });
    expect(planRow(plan.id).stoppedAt).not.toBeNull();
    expect(detached).toEqual([card.paymentMethodId]);
    expect(cardRow(card.id).detachedAt).not.toBeNull();
    expect(ownPlan(user.id, plan.id)).toMatchObject({ status: "stopped", nextDate: null, card: null });
    expect(() => skipNext(user.id, plan.id)).toThrow(expect.objectContaining({ key: "myplans:errors.stopped" }));
  });

  it("a provider that cannot be reached: stopped here, the card kept undetached, and stopping again detaches it", async () => {
    const { user, card, plan } = await planned();
    setPaymentProvider(recordingProvider(true).provider);
    await expect(stopPlan(user.id, plan.id)).rejects.toMatchObject({ key: "myplans:errors.detachFailed", status: 503 });
    expect(planRow(plan.id).status).toBe("stopped");
    expect(cardRow(card.id).detachedAt).toBeNull();
    const { provider, detached } = recordingProvider();
    setPaymentProvider(provider);
    await stopPlan(user.id, plan.id);
    expect(detached).toEqual([card.paymentMethodId]);
  });
});

describe("another resident's plan", () => {
  it("is not found for every action, and nothing changes", async () => {
    const { card, plan } = await planned();
    const other = await resident();
    const { provider, detached } = recordingProvider();
    setPaymentProvider(provider);
    const notFound = expect.objectContaining({ key: "myplans:errors.notFound", status: 404 });
    expect(() => ownPlan(other.id, plan.id)).toThrow(notFound);
    expect(() => skipNext(other.id, plan.id)).toThrow(notFound);
    expect(() => changePlan(other.id, plan.id, { bagCount: 1 })).toThrow(notFound);
    await expect(stopPlan(other.id, plan.id)).rejects.toMatchObject({ key: "myplans:errors.notFound" });
    expect(listPlans(other.id)).toEqual([]);
    expect(planRow(plan.id)).toMatchObject({ status: "active", bagCount: 2, skipDate: null });
    expect(detached).toEqual([]);
    expect(cardRow(card.id).detachedAt).toBeNull();
  });
});
