// Issue 43 parts 5 and 7 on a real SQLite file: deleting an account deletes its outbox rows (e-mails by
// address and texts by phone number, rows that no user id links to it included), deletes its customer at
// the payment provider (and, when the provider cannot be reached, still completes and asks again on the
// retention job's next run), and cancels its coming pickups refunded in full, without the $2.30 fee, their
// places freed, with nothing e-mailed but the deletion's confirmation, which goes once and is then removed.
import { and, eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { reconcilePayments } from "~/services/checkout/reconcile.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { paymentProvider } from "~/services/payments/provider.server";
import type { PaymentProvider } from "~/services/payments/provider-types";
import { db, schema } from "~/services/platform/db.server";
import { deliverDueEmails } from "~/services/platform/outbox.server";
import { queueText } from "~/services/platform/texts.server";
import { tombstoneEmail } from "~/services/privacy/deidentify.server";
import { deleteAccount } from "~/services/privacy/deletion.server";
import { applyRetention, runRetention } from "~/services/privacy/retention.server";
import type { User } from "../../db/schema";
import { CARD, resident, slot } from "./fixtures";

const PASSWORD = "sorting-day-1";
afterEach(() => setNow(null));

let phones = 0;
/** A resident with a phone number of their own. */
async function withPhone(): Promise<User> {
  const user = await resident();
  phones += 1;
  const phone = `+1514555${String(1000 + phones).padStart(4, "0")}`;
  return db.update(schema.users).set({ phone }).where(eq(schema.users.id, user.id)).returning().get();
}

function outboxTo(to: string) {
  return db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.to, to)).all();
}

/** An e-mail row written with no account behind it (a waitlist answer before signing up, say). */
function looseEmail(to: string, sent: boolean) {
  db.insert(schema.emailOutbox)
    .values({
      to,
      subject: "You are on the list",
      text: sent ? "" : "We will write when your area opens.",
      kind: "waitlist-joined",
      locale: "en",
      sentAt: sent ? Date.now() - 86_400_000 : null,
    })
    .run();
}

function customerOf(userId: number) {
  return db.select().from(schema.paymentCustomers).where(eq(schema.paymentCustomers.userId, userId)).get()!.customerId;
}

function deletionRequest(customerId: string) {
  return db.select().from(schema.customerDeletions).where(eq(schema.customerDeletions.customerId, customerId)).get();
}

function deletedAtSimulated(customerId: string) {
  return db
    .select()
    .from(schema.simulatedDeletedCustomers)
    .where(eq(schema.simulatedDeletedCustomers.customerId, customerId))
    .get();
}

describe("deleting an account deletes", () => {
  it("its outbox rows by e-mail address and by phone number, and its customer at the provider", async () => {
    const me = await withPhone();
    const other = await withPhone();
    // A paid pickup done: its confirmation e-mail is in the outbox, and a customer was made at the provider.
    const done = await payWithSimulatedCard(me, { bags: 1, slotId: slot().id }, CARD);
    db.update(schema.pickupRequests).set({ status: "Completed" }).where(eq(schema.pickupRequests.id, done.id)).run();
    const customerId = customerOf(me.id);
    expect(customerId).toMatch(/^cus_sim_/);
    // Texts to the number (a code, a reminder: one sent, one waiting) and e-mails no user id links to it.
    queueText(db, { to: me.phone!, kind: "phone-code", locale: "en", text: "Your ReCircle code: 123456" });
    queueText(db, { to: me.phone!, kind: "pickup-reminder", locale: "en", text: "Pickup tomorrow morning" });
    db.update(schema.emailOutbox)
      .set({ sentAt: Date.now(), text: "" })
      .where(and(eq(schema.emailOutbox.to, me.phone!), eq(schema.emailOutbox.kind, "phone-code")))
      .run();
    looseEmail(me.email, true);
    looseEmail(me.email, false);
    // Someone else's rows stay.
    queueText(db, { to: other.phone!, kind: "pickup-reminder", locale: "en", text: "Pickup tomorrow afternoon" });
    looseEmail(other.email, false);
    expect(outboxTo(me.email).length).toBeGreaterThanOrEqual(3);
    expect(outboxTo(me.phone!)).toHaveLength(2);

    await expect(deleteAccount(me, PASSWORD)).resolves.toEqual({ cancelled: 0 });

    // E-mails by address: every one gone but the deletion's confirmation; texts by phone: none left.
    expect(outboxTo(me.email).map((m) => m.kind)).toEqual(["account-deleted"]);
    expect(outboxTo(me.phone!)).toEqual([]);
    expect(outboxTo(other.phone!)).toHaveLength(1);
    expect(outboxTo(other.email).length).toBeGreaterThanOrEqual(1);
    // The tombstone has no phone; its customer is deleted at the provider (the simulated one records it).
    expect(db.select().from(schema.users).where(eq(schema.users.id, me.id)).get()).toMatchObject({
      email: tombstoneEmail(me.id),
      phone: null,
    });
    expect(db.select().from(schema.paymentCustomers).where(eq(schema.paymentCustomers.userId, me.id)).all()).toEqual(
      [],
    );
    expect(deletedAtSimulated(customerId)).toBeDefined();
    expect(deletionRequest(customerId)).toMatchObject({ provider: "simulated", attempts: 1, lastError: null });
    expect(deletionRequest(customerId)!.deletedAt).not.toBeNull();

    // The confirmation is sent once; the retention job then removes it, and with it the last trace of the address.
    const sent: string[] = [];
    await deliverDueEmails({
      sendMail: async (mail: { to?: unknown; subject?: unknown }) => {
        sent.push(`${String(mail.to)} ${String(mail.subject)}`);
        return {} as never;
      },
    } as never);
    expect(sent.filter((line) => line.startsWith(me.email))).toEqual([`${me.email} Your ReCircle account is deleted`]);
    expect(applyRetention().confirmations).toBeGreaterThanOrEqual(1);
    expect(outboxTo(me.email)).toEqual([]);
    expect(outboxTo(other.email).length).toBeGreaterThanOrEqual(1);
  });

  it("keeps the texts of a number another live account also gives", async () => {
    const me = await withPhone();
    const housemate = await resident();
    db.update(schema.users).set({ phone: me.phone }).where(eq(schema.users.id, housemate.id)).run();
    queueText(db, { to: me.phone!, kind: "pickup-reminder", locale: "en", text: "Pickup tomorrow morning" });
    await deleteAccount(me, PASSWORD);
    expect(outboxTo(me.phone!)).toHaveLength(1);
  });

  it("completes when the provider cannot delete the customer, and the retention job asks again until it can", async () => {
    const me = await resident();
    await payWithSimulatedCard(me, { bags: 1, slotId: slot().id }, CARD).then((p) =>
      db.update(schema.pickupRequests).set({ status: "Completed" }).where(eq(schema.pickupRequests.id, p.id)).run(),
    );
    const customerId = customerOf(me.id);
    const real = paymentProvider();
    const down = Object.assign(Object.create(real) as PaymentProvider, {
      deleteCustomer: async () => {
        throw new Error("connect ECONNREFUSED api.stripe.com");
      },
    });

    await deleteAccount(me, PASSWORD, down);

    // Deleted here all the same; the provider's deletion is recorded as owed, with its error.
    expect(db.select().from(schema.users).where(eq(schema.users.id, me.id)).get()!.deletedAt).not.toBeNull();
    expect(deletionRequest(customerId)).toMatchObject({ attempts: 1, deletedAt: null });
    expect(deletionRequest(customerId)!.lastError).toContain("ECONNREFUSED");
    expect(deletedAtSimulated(customerId)).toBeUndefined();

    // Still down at the next run: asked again, still owed.
    expect((await runRetention(Date.now(), down)).customers).toMatchObject({ deleted: 0 });
    expect(deletionRequest(customerId)).toMatchObject({ attempts: 2, deletedAt: null });
    // Back: deleted, once; a later run asks nothing more.
    expect((await runRetention(Date.now(), real)).customers.deleted).toBeGreaterThanOrEqual(1);
    expect(deletedAtSimulated(customerId)).toBeDefined();
    expect(deletionRequest(customerId)).toMatchObject({ attempts: 3, lastError: null });
    await runRetention(Date.now(), real);
    expect(deletionRequest(customerId)!.attempts).toBe(3);
  });
});

describe("deleting an account with a coming pickup", () => {
  it("cancels it refunded in full, without the $2.30 fee, its place freed, and e-mails only the deletion", async () => {
    const me = await resident();
    const s = slot({ daysAhead: 9 });
    const coming = await payWithSimulatedCard(me, { bags: 2, slotId: s.id }, CARD);
    const bookedBefore = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, s.id)).get()!
      .currentBooked;

    await expect(deleteAccount(me, PASSWORD)).resolves.toEqual({ cancelled: 1 });

    const pickup = db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, coming.id)).get()!;
    expect(pickup).toMatchObject({ status: "Cancelled", refundCents: coming.totalCents, refundStatus: "succeeded" });
    expect(pickup.totalCents).toBeGreaterThan(230);
    const payment = db.select().from(schema.payments).where(eq(schema.payments.id, coming.paymentId!)).get()!;
    expect(payment).toMatchObject({ refundedCents: coming.totalCents, status: "refunded", failureCode: null });
    // At the provider: the whole amount is back.
    const intent = db
      .select()
      .from(schema.simulatedIntents)
      .where(eq(schema.simulatedIntents.id, payment.providerPaymentId))
      .get()!;
    expect(intent.refundedCents).toBe(intent.amountCents);
    // The place is free again.
    expect(db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, s.id)).get()!.currentBooked).toBe(
      bookedBefore - 1,
    );
    // No cancellation e-mail: the confirmation of the deletion is the one message, written once.
    expect(outboxTo(me.email).map((m) => m.kind)).toEqual(["account-deleted"]);
    expect(outboxTo(me.email)[0]!.text).toContain("refunded in full");
    const cancellations = db
      .select({ n: sql<number>`count(*)` })
      .from(schema.emailOutbox)
      .where(
        and(eq(schema.emailOutbox.kind, "pickup-cancelled"), sql`instr(subject, ${coming.confirmationNumber}) > 0`),
      )
      .get()!.n;
    expect(cancellations).toBe(0);
  });

  it("a refund the provider refuses is retried by the reconcile, and still e-mails nobody", async () => {
    const me = await resident();
    const coming = await payWithSimulatedCard(me, { bags: 1, slotId: slot({ daysAhead: 11 }).id }, CARD);
    const real = paymentProvider();
    const refusing = Object.assign(Object.create(real) as PaymentProvider, {
      refund: async () => {
        throw new Error("connect ECONNREFUSED api.stripe.com");
      },
    });

    await deleteAccount(me, PASSWORD, refusing);
    const row = () => db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, coming.id)).get()!;
    expect(row()).toMatchObject({ status: "Cancelled", refundCents: coming.totalCents, refundStatus: "failed" });

    const report = await reconcilePayments({ provider: real });
    expect(report.refundsSent).toBeGreaterThanOrEqual(1);
    expect(row()).toMatchObject({ refundCents: coming.totalCents, refundStatus: "succeeded" });
    expect(report.cancellationsSent).toBe(0);
    expect(outboxTo(me.email).map((m) => m.kind)).toEqual(["account-deleted"]);
    expect(outboxTo(tombstoneEmail(me.id))).toEqual([]);
  });
});
