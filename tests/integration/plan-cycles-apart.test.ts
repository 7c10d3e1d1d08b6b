// Issue 45's bench line: the server's scheduled run of the plans' cycle job works off its thread, in a child
// process (plans/cycle-apart → scripts/plans-child.ts) below serving (idle policy, niced, paced), on its own connection to the
// same SQLite file. Its cycles are booked and charged exactly once: two such runs at once, a run stopped
// half-way (the server stopping) and the run after it (a restart), the reconcile meanwhile.
import fs from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { cycleDueAt } from "~/lib/plan-dates";
import { db, schema } from "~/services/platform/db.server";
import { plansHaveWork, runPlanCyclesApart, stopPlanCyclesApart } from "~/services/plans/cycle-apart.server";
import { reconcilePlans } from "~/services/plans/cycle-reconcile.server";
import { planOn } from "./plan-fixtures";

afterEach(() => setNow(null));
// Each case counts its own week's places: the plans of the cases before it (and of other files) are stopped.
beforeEach(() => {
  db.update(schema.pickupPlans).set({ status: "stopped", stoppedAt: 1 }).run();
});

const cyclesOf = (planId: number) =>
  db.select().from(schema.planCycles).where(eq(schema.planCycles.planId, planId)).all();
const pickupsOf = (planId: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.planId, planId)).all();
const chargesFor = (planId: number) =>
  db
    .select()
    .from(schema.simulatedIntents)
    .where(sql`json_extract(${schema.simulatedIntents.metadata}, '$.planId') = ${String(planId)}`)
    .all();
const mailTo = (email: string, kind: string) =>
  db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.to, email), eq(schema.emailOutbox.kind, kind)))
    .all();

function expectBookedOnce(plan: { id: number; userId: number }, date: string, email: string) {
  const cycles = cyclesOf(plan.id);
  expect(cycles).toHaveLength(1);
  expect(cycles[0]).toMatchObject({ cycleDate: date, status: "booked", idempotencyKey: `plan-${plan.id}-${date}` });
  const pickups = pickupsOf(plan.id);
  expect(pickups).toHaveLength(1);
  expect(pickups[0]).toMatchObject({ status: "Scheduled", paymentId: cycles[0]!.paymentId });
  const payments = db.select().from(schema.payments).where(eq(schema.payments.userId, plan.userId)).all();
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({
    status: "succeeded",
    cardLast4: "4242",
    providerPaymentId: cycles[0]!.providerPaymentId,
  });
  const charges = chargesFor(plan.id);
  expect(charges).toHaveLength(1);
  expect(charges[0]).toMatchObject({ status: "succeeded", idempotencyKey: `plan-${plan.id}-${date}` });
  // The e-mail, written in the booking's transaction, once, with its calendar event.
  const mails = mailTo(email, "plan-pickup-booked");
  expect(mails).toHaveLength(1);
  expect(mails[0]!.attachments).toContain(`${pickups[0]!.confirmationNumber}.ics`);
}

describe("the plans' job in a process of its own", () => {
  it("is started only when a plan takes cycles or a held cycle may run out", async () => {
    // Every plan stopped (beforeEach), no cycle held: nothing to start.
    db.update(schema.planCycles)
      .set({ status: "released" })
      .where(eq(schema.planCycles.status, "payment_needed"))
      .run();
    expect(plansHaveWork()).toBe(false);
    const { plan } = await planOn("2027-03-09");
    expect(plansHaveWork()).toBe(true);
    db.update(schema.pickupPlans).set({ status: "paused" }).where(eq(schema.pickupPlans.id, plan.id)).run();
    expect(plansHaveWork()).toBe(true);
    db.update(schema.pickupPlans)
      .set({ status: "stopped", stoppedAt: 1 })
      .where(eq(schema.pickupPlans.id, plan.id))
      .run();
    expect(plansHaveWork()).toBe(false);
    db.insert(schema.planCycles)
      .values({
        planId: plan.id,
        cycleDate: "2027-03-09",
        status: "payment_needed",
        idempotencyKey: `plan-${plan.id}-2027-03-09`,
        holdExpiresAt: 1,
        updatedAt: 1,
      })
      .run();
    expect(plansHaveWork()).toBe(true);
    db.delete(schema.planCycles).where(eq(schema.planCycles.planId, plan.id)).run();
  });

  it("books and charges each cycle once when two runs go at once, niced below the server", async () => {
    const date = "2027-03-16";
    const plans = [await planOn(date), await planOn(date), await planOn(date, { window: "afternoon" })];
    const at = cycleDueAt(date) + 5 * 60_000;
    const [a, b] = await Promise.all([
      runPlanCyclesApart({ at, fixedClock: true }),
      runPlanCyclesApart({ at, fixedClock: true }),
    ]);
    expect(a.run.booked + b.run.booked).toBe(3);
    expect(a.run.errors + b.run.errors).toBe(0);
    // Below serving: niced (the test process's own nice value is 0 or more), paced, and on Linux with chrt
    // (util-linux: this machine, CI's and the image's) under the idle policy, which serving preempts at once.
    expect(a.niceness).toBeGreaterThan(0);
    expect(b.niceness).toBe(a.niceness);
    expect([a.duty, b.duty]).toEqual([0.3, 0.3]);
    const withChrt = process.platform === "linux" && ["/usr/bin/chrt", "/bin/chrt"].some((f) => fs.existsSync(f));
    expect([a.policy, b.policy]).toEqual(withChrt ? ["idle", "idle"] : [a.policy, a.policy]);
    for (const { plan, user } of plans) expectBookedOnce(plan, date, user.email);
    // A run later (after a restart) books and charges nothing again.
    const again = await runPlanCyclesApart({ at: at + 10 * 60_000, fixedClock: true });
    expect(again.run).toMatchObject({ booked: 0, held: 0, errors: 0 });
    for (const { plan, user } of plans) expectBookedOnce(plan, date, user.email);
  }, 120_000);

  it("stopped half-way (the server stopping), the next run and the reconcile finish each cycle once", async () => {
    const date = "2027-03-23";
    const plans = [await planOn(date), await planOn(date, { window: "afternoon" })];
    const at = cycleDueAt(date) + 5 * 60_000;
    const stopped = runPlanCyclesApart({ at, fixedClock: true });
    await stopPlanCyclesApart();
    await expect(stopped).rejects.toThrow(/without its counts/);
    // Whatever it left (nothing, claimed, or charged and not booked) the reconcile and the next run finish.
    setNow(at + 15 * 60_000);
    await reconcilePlans();
    const next = await runPlanCyclesApart({ at: at + 15 * 60_000, fixedClock: true });
    expect(next.run.errors).toBe(0);
    await reconcilePlans();
    for (const { plan, user } of plans) expectBookedOnce(plan, date, user.email);
  }, 120_000);
});
