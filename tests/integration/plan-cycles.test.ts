// Issue 45 parts 2 and 3 on a real SQLite file with the simulated provider: a plan's cycle is booked and
// charged exactly once (two runs at once in one process, two `npm run plans` processes at once, a run after
// a restart), a crash between the charge and the booking is finished once by the reconcile, a card that
// asks for authentication holds the place until it is paid on-session (booked once), a declined card holds
// it until the hold runs out (released, the plan paused, the resident told), and a card expiring before the
// next charge is asked for again, once.
import { spawn } from "node:child_process";
import { and, eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { cardNoticeDueAt, cycleDueAt } from "~/lib/plan-dates";
import { priceBreakdown } from "~/lib/pricing";
import { db, schema } from "~/services/platform/db.server";
import { claimCycle } from "~/services/plans/cycle-book.server";
import { chargeCycle, runPlanCycles } from "~/services/plans/cycle-job.server";
import {
  authenticateHeldCycle,
  completeHeldCycle,
  HeldCycleError,
  payHeldCycle,
  payHeldCycleWithSimulatedCard,
} from "~/services/plans/cycle-holds.server";
import { reconcilePlans } from "~/services/plans/cycle-reconcile.server";
import { planProvider } from "~/services/plans/plan-provider.server";
import { resident } from "./fixtures";
import { planOn } from "./plan-fixtures";

const HOUR = 3_600_000;

afterEach(() => setNow(null));
// Each case counts its own week's places: the plans of the cases before it are stopped.
beforeEach(() => {
  db.update(schema.pickupPlans).set({ status: "stopped", stoppedAt: 1 }).run();
});

const cyclesOf = (planId: number) =>
  db.select().from(schema.planCycles).where(eq(schema.planCycles.planId, planId)).all();
const planRow = (planId: number) =>
  db.select().from(schema.pickupPlans).where(eq(schema.pickupPlans.id, planId)).get()!;
const pickupsOf = (planId: number) =>
  db
    .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .where(eq(schema.pickupRequests.planId, planId))
    .all();
const paymentsOf = (userId: number) =>
  db.select().from(schema.payments).where(eq(schema.payments.userId, userId)).all();
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
const slotOn = (date: string, window: "morning" | "afternoon") =>
  db
    .select()
    .from(schema.pickupSlots)
    .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.window, window)))
    .get();

/** Runs `npm run plans -- --at <iso>` in a process of its own, on this test's database file. */
function runScript(iso: string) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    const child = spawn("npm", ["run", "--silent", "plans", "--", "--at", iso], {
      cwd: process.cwd(),
      env: { ...process.env, NODE_ENV: "test", MAIL_LOG: "0" },
    });
    let out = "";
    child.stdout.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (out += chunk.toString()));
    child.on("close", (code) => resolve({ code, out }));
  });
}

const TOTAL_2_BAGS = priceBreakdown({ bags: 2 }).totalCents;

/** One booked cycle, one pickup on `date`, one payment, one charge at the provider: exactly once. */
function expectBookedOnce(plan: { id: number; userId: number }, date: string, window: "morning" | "afternoon") {
  const cycles = cyclesOf(plan.id);
  expect(cycles).toHaveLength(1);
  expect(cycles[0]).toMatchObject({ cycleDate: date, status: "booked", idempotencyKey: `plan-${plan.id}-${date}` });
  const pickups = pickupsOf(plan.id);
  expect(pickups).toHaveLength(1);
  expect(pickups[0]!.slot).toMatchObject({ date, window });
  expect(pickups[0]!.pickup).toMatchObject({ status: "Scheduled", bagsRequested: 2, totalCents: TOTAL_2_BAGS });
  expect(pickups[0]!.pickup.promoDiscountCents).toBe(0);
  const payments = paymentsOf(plan.userId);
  expect(payments).toHaveLength(1);
  expect(payments[0]).toMatchObject({ status: "succeeded", amountCents: TOTAL_2_BAGS, cardLast4: "4242" });
  expect(pickups[0]!.pickup.paymentId).toBe(payments[0]!.id);
  expect(chargesFor(plan.id).filter((i) => i.status === "succeeded")).toHaveLength(1);
  expect(planRow(plan.id)).toMatchObject({ status: "active", anchorDate: date });
  return pickups[0]!;
}

describe("the cycle books and charges exactly once", () => {
  it("seven days ahead, twice at once in one process, and again after a restart", async () => {
    const date = "2027-02-02";
    const { plan, user } = await planOn(date);
    const at = cycleDueAt(date);
    // A minute early: nothing is due yet (the week's slots are made, as the hourly upkeep would).
    setNow(at - 60_000);
    await runPlanCycles(at - 60_000);
    expect(cyclesOf(plan.id)).toHaveLength(0);
    const start = slotOn(date, "morning")!.currentBooked;
    setNow(at);
    await Promise.all([runPlanCycles(at), runPlanCycles(at)]);
    expectBookedOnce(plan, date, "morning");
    expect(slotOn(date, "morning")!.currentBooked).toBe(start + 1);
    // A restart: the same instant and a later one find nothing left to do.
    setNow(at + HOUR);
    await runPlanCycles(at + HOUR);
    await reconcilePlans();
    const { pickup } = expectBookedOnce(plan, date, "morning");
    expect(slotOn(date, "morning")!.currentBooked).toBe(start + 1);
    const mail = mailTo(user.email, "plan-pickup-booked");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain(pickup.confirmationNumber);
    expect(mail[0]!.text).toMatch(
      /Your next pickup is booked for Tuesday, February 2, 2027, 8:00 AM - 12:00 PM: change or skip it until Feb 1, 2027, 8:00 PM\./,
    );
    expect(mail[0]!.attachments).toContain(`${pickup.confirmationNumber}.ics`);
    expect(mailTo(user.email, "booking-confirmed")).toHaveLength(0);
  });

  it("a full window: the nearest open one of that week (the other window of the day)", async () => {
    const date = "2027-02-09";
    const at = cycleDueAt(date);
    setNow(at - 2 * HOUR);
    await runPlanCycles(at - 2 * HOUR);
    const morning = slotOn(date, "morning")!;
    db.update(schema.pickupSlots)
      .set({ currentBooked: morning.maxCapacity })
      .where(eq(schema.pickupSlots.id, morning.id))
      .run();
    const { plan } = await planOn(date);
    setNow(at);
    await runPlanCycles(at);
    expectBookedOnce(plan, date, "afternoon");
    expect(cyclesOf(plan.id)[0]!.cycleDate).toBe(date);
    expect(planRow(plan.id).anchorDate).toBe(date);
  });

  it("run for one plan (`npm run plans -- --plan <id>`): only that plan's cycle, the others at the next run", async () => {
    const date = "2027-02-23";
    const [one, other] = [await planOn(date), await planOn(date)];
    const at = cycleDueAt(date);
    setNow(at);
    const run = await runPlanCycles(at, { planId: one.plan.id });
    expect(run.booked).toBe(1);
    expectBookedOnce(one.plan, date, "morning");
    expect(cyclesOf(other.plan.id)).toHaveLength(0);
    await runPlanCycles(at);
    expectBookedOnce(one.plan, date, "morning");
    expectBookedOnce(other.plan, date, "morning");
  });

  it("two `npm run plans` processes at once, then one after a restart", async () => {
    const date = "2027-02-16";
    const plans = [await planOn(date), await planOn(date), await planOn(date, { window: "afternoon" })];
    const iso = new Date(cycleDueAt(date) + 5 * 60_000).toISOString();
    const [a, b] = await Promise.all([runScript(iso), runScript(iso)]);
    expect(`${a.out}\n${b.out}`).toContain("Plans at");
    const later = new Date(cycleDueAt(date) + 20 * 60_000).toISOString();
    const c = await runScript(later);
    expect(c.out).toContain("Plans at");
    for (const { plan } of plans) expectBookedOnce(plan, date, plan.window);
  }, 120_000);
});

describe("a crash between the charge and the booking", () => {
  it("is finished once by the reconcile, with the same idempotency key (never charged twice)", async () => {
    const date = "2027-02-23";
    const { plan, user } = await planOn(date);
    const at = cycleDueAt(date);
    setNow(at);
    await runPlanCycles(at - 3 * HOUR); // the week's slots
    // The job claims and charges... and the process dies before the answer is applied.
    const claim = db.transaction((tx) => claimCycle(tx, plan.id, date, at));
    expect(claim.kind).toBe("charge");
    if (claim.kind !== "charge") return;
    const charged = await chargeCycle(planProvider(), claim);
    expect(charged.ok).toBe(true);
    expect(cyclesOf(plan.id)[0]!.status).toBe("charging");
    expect(pickupsOf(plan.id)).toHaveLength(0);
    // The restarted server's job does not claim it again; the reconcile (twice at once) finishes it once.
    await runPlanCycles(at + 60_000);
    expect(cyclesOf(plan.id)[0]!.status).toBe("charging");
    await Promise.all([reconcilePlans(), reconcilePlans()]);
    expectBookedOnce(plan, date, "morning");
    expect(chargesFor(plan.id)).toHaveLength(1);
    expect(mailTo(user.email, "plan-pickup-booked")).toHaveLength(1);
  });
});

describe("a card that does not go through", () => {
  it("authentication required: the place is held 48 hours, then paid on-session and booked once", async () => {
    const date = "2027-03-02";
    const { plan, user } = await planOn(date, { behaviour: "authentication_required" });
    const at = cycleDueAt(date);
    setNow(at - 3 * HOUR);
    await runPlanCycles(at - 3 * HOUR);
    const before = slotOn(date, "morning")!.currentBooked;
    setNow(at);
    const run = await runPlanCycles(at);
    expect(run.held).toBeGreaterThanOrEqual(1);
    const [cycle] = cyclesOf(plan.id);
    expect(cycle).toMatchObject({
      status: "payment_needed",
      failureCode: "authentication_required",
      holdExpiresAt: at + 48 * HOUR,
    });
    expect(planRow(plan.id).status).toBe("payment_needed");
    // The place is counted (nobody else takes it) but is no pickup (no day sheet, no driver).
    expect(slotOn(date, "morning")!.currentBooked).toBe(before + 1);
    expect(pickupsOf(plan.id)).toHaveLength(0);
    const mail = mailTo(user.email, "plan-payment-needed");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain(`/plans/${plan.id}/pay`);
    expect(mail[0]!.text).toContain("your bank asks you to confirm the payment yourself");
    // On the pay page: the intent the off-session charge left for authentication, then the bank's step.
    const open = await payHeldCycle(user, plan.id);
    expect(open).toMatchObject({ kind: "intent", intentId: cycle!.providerPaymentId, amountCents: TOTAL_2_BAGS });
    const paid = await authenticateHeldCycle(user, plan.id, "complete");
    expect(paid.state).toBe("booked");
    // Read back again (the return page reloaded, the reconcile): the same pickup, nothing twice.
    expect((await completeHeldCycle(user.id, plan.id)).state).toBe("booked");
    await reconcilePlans();
    expectBookedOnce(plan, date, "morning");
    expect(slotOn(date, "morning")!.currentBooked).toBe(before + 1);
    expect(cyclesOf(plan.id)[0]!.holdExpiresAt).toBeNull();
    // Another resident's plan reads as nothing to pay.
    const other = await resident();
    await expect(payHeldCycle(other, plan.id)).rejects.toMatchObject({ key: "plans.errors.nothingToPay", status: 404 });
  });

  it("declined: held until the hold runs out, then released, the plan paused and the resident told, once", async () => {
    const date = "2027-03-09";
    const { plan, user } = await planOn(date, { behaviour: "card_declined" });
    const at = cycleDueAt(date);
    setNow(at - 3 * HOUR);
    await runPlanCycles(at - 3 * HOUR);
    const before = slotOn(date, "morning")!.currentBooked;
    setNow(at);
    await runPlanCycles(at);
    expect(cyclesOf(plan.id)[0]).toMatchObject({ status: "payment_needed", failureCode: "card_declined" });
    expect(mailTo(user.email, "plan-payment-needed")[0]!.text).toContain("your bank declined it");
    expect(slotOn(date, "morning")!.currentBooked).toBe(before + 1);
    setNow(at + 47 * HOUR);
    expect((await runPlanCycles(at + 47 * HOUR)).released).toBe(0);
    expect(cyclesOf(plan.id)[0]!.status).toBe("payment_needed");
    setNow(at + 48 * HOUR);
    await Promise.all([runPlanCycles(at + 48 * HOUR), runPlanCycles(at + 48 * HOUR)]);
    expect(cyclesOf(plan.id)[0]!.status).toBe("released");
    expect(slotOn(date, "morning")!.currentBooked).toBe(before);
    expect(planRow(plan.id)).toMatchObject({ status: "paused", pauseReason: "payment_unpaid", anchorDate: date });
    const released = mailTo(user.email, "plan-released");
    expect(released).toHaveLength(1);
    expect(released[0]!.text).toContain("resume the plan");
    expect(pickupsOf(plan.id)).toHaveLength(0);
    expect(paymentsOf(user.id)).toHaveLength(0);
    // Paused by the release: no new cycle, nothing to pay any more.
    await runPlanCycles(at + 30 * 24 * HOUR);
    expect(cyclesOf(plan.id)).toHaveLength(1);
    await expect(payHeldCycle(user, plan.id)).rejects.toMatchObject({ key: "plans.errors.nothingToPay" });
  });
});

describe("the pay page without JavaScript (the simulated card form)", () => {
  it("a declined card is said so, another card pays the held place, booked once", async () => {
    const date = "2027-03-16";
    const { plan, user } = await planOn(date, { behaviour: "card_declined" });
    const at = cycleDueAt(date);
    setNow(at - 3 * HOUR);
    await runPlanCycles(at - 3 * HOUR);
    const before = slotOn(date, "morning")!.currentBooked;
    setNow(at);
    await runPlanCycles(at);
    const card = { expMonth: 12, expYear: 2034, cvc: "123", postalCode: "H2X 3K2" };
    setNow(at + HOUR);
    const declined = await payHeldCycleWithSimulatedCard(user, plan.id, { ...card, cardNumber: "4000000000000002" });
    expect(declined).toEqual({ state: "declined", code: "card_declined" });
    expect(cyclesOf(plan.id)[0]!.status).toBe("payment_needed");
    const paid = await payHeldCycleWithSimulatedCard(user, plan.id, { ...card, cardNumber: "4242424242424242" });
    expect(paid.state).toBe("booked");
    expectBookedOnce(plan, date, "morning");
    expect(slotOn(date, "morning")!.currentBooked).toBe(before + 1);
    // Nothing left to pay: a second post is refused as such, never charged again.
    await expect(
      payHeldCycleWithSimulatedCard(user, plan.id, { ...card, cardNumber: "4242424242424242" }),
    ).rejects.toBeInstanceOf(HeldCycleError);
    expect(chargesFor(plan.id).filter((i) => i.status === "succeeded")).toHaveLength(1);
  });
});

describe("a card that expires before the next cycle", () => {
  it("is asked for again a week before the charge, once", async () => {
    const date = "2027-04-06";
    // Charged on March 30, 2027: a card valid through February 2027 will have expired.
    const { plan, user } = await planOn(date, { expMonth: 2, expYear: 2027 });
    const due = cardNoticeDueAt(date);
    setNow(due - HOUR);
    await runPlanCycles(due - HOUR);
    expect(mailTo(user.email, "plan-card-expiring")).toHaveLength(0);
    setNow(due);
    await Promise.all([runPlanCycles(due), runPlanCycles(due)]);
    setNow(due + 24 * HOUR);
    await runPlanCycles(due + 24 * HOUR);
    const mail = mailTo(user.email, "plan-card-expiring");
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain("02/2027");
    expect(cyclesOf(plan.id)).toHaveLength(0);
    // A card valid through the charge is never asked about.
    const fine = await planOn(date, { expMonth: 3, expYear: 2027 });
    await runPlanCycles(due + 25 * HOUR);
    expect(mailTo(fine.user.email, "plan-card-expiring")).toHaveLength(0);
  });
});
