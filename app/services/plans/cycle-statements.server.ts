// The plans' cycle job's queries, prepared once per connection (issue 45's bench: 5,000 renewals in a
// morning). drizzle otherwise builds each query's SQL and SQLite compiles it on every call, which cost more
// than running them (about 20 a renewal); as pickups/pickups.server's orderReads. The statements belong to
// the connection, so they run inside the job's transactions (one connection per process) unchanged.
import { and, eq, gte, lte, sql } from "drizzle-orm";
import { perConnection, schema } from "~/services/platform/db.server";

const c = schema.planCycles;
const p = schema.pickupPlans;
const s = schema.pickupSlots;
const r = schema.pickupRequests;
const ph = sql.placeholder;
/** A placeholder in an UPDATE's SET (drizzle types `set` values as the column's, or SQL). */
const setTo = (name: string) => sql`${ph(name)}`;

export const cycleStatements = perConnection((db) => ({
  plan: db
    .select()
    .from(p)
    .where(eq(p.id, ph("id")))
    .prepare(),
  user: db
    .select()
    .from(schema.users)
    .where(eq(schema.users.id, ph("id")))
    .prepare(),
  slot: db
    .select()
    .from(s)
    .where(eq(s.id, ph("id")))
    .prepare(),
  card: db
    .select()
    .from(schema.savedCards)
    .where(eq(schema.savedCards.id, ph("id")))
    .prepare(),
  cycle: db
    .select()
    .from(c)
    .where(and(eq(c.planId, ph("planId")), eq(c.cycleDate, ph("cycleDate"))))
    .prepare(),
  weekSlots: db
    .select()
    .from(s)
    .where(and(gte(s.date, ph("from")), lte(s.date, ph("to"))))
    .prepare(),
  originContract: db
    .select({
      termsVersion: r.termsVersion,
      termsAcceptedAt: r.termsAcceptedAt,
      frenchTermsReceivedAt: r.frenchTermsReceivedAt,
      contractLanguage: r.contractLanguage,
    })
    .from(r)
    .where(eq(r.id, ph("id")))
    .prepare(),
  /** The claim: the cycle's row "charging" with its key, unless another run wrote it first. */
  claim: db
    .insert(c)
    .values({
      planId: ph("planId"),
      cycleDate: ph("cycleDate"),
      status: "charging",
      idempotencyKey: ph("idempotencyKey"),
      bags: ph("bags"),
      amountCents: ph("amountCents"),
      createdAt: ph("at"),
      updatedAt: ph("at"),
    })
    .onConflictDoNothing()
    .returning()
    .prepare(),
  /** The claimed cycle's place, chosen and taken in the claim's transaction. */
  placeCycle: db
    .update(c)
    .set({ slotId: setTo("slotId"), updatedAt: setTo("at") })
    .where(and(eq(c.planId, ph("planId")), eq(c.cycleDate, ph("cycleDate")), eq(c.status, "charging")))
    .prepare(),
  /** Booked: only from the status the caller read ("charging" or "payment_needed"). */
  bookCycle: db
    .update(c)
    .set({
      status: "booked",
      pickupRequestId: setTo("pickupRequestId"),
      paymentId: setTo("paymentId"),
      providerPaymentId: setTo("providerPaymentId"),
      holdExpiresAt: null,
      updatedAt: setTo("at"),
    })
    .where(and(eq(c.planId, ph("planId")), eq(c.cycleDate, ph("cycleDate")), eq(c.status, ph("from"))))
    .prepare(),
  /** The plan's anchor moved to the booked date, and a paused or held plan active again. */
  anchorAndResume: db
    .update(p)
    .set({
      anchorDate: setTo("anchorDate"),
      status: "active",
      pausedUntil: null,
      pauseReason: null,
      updatedAt: setTo("at"),
    })
    .where(eq(p.id, ph("id")))
    .prepare(),
  anchor: db
    .update(p)
    .set({ anchorDate: setTo("anchorDate"), updatedAt: setTo("at") })
    .where(eq(p.id, ph("id")))
    .prepare(),
  /** The cycle's payment, paid with the card (ledger's recordPayment then markPaid, in one write). */
  paidPayment: db
    .insert(schema.payments)
    .values({
      provider: ph("provider"),
      providerPaymentId: ph("providerPaymentId"),
      userId: ph("userId"),
      amountCents: ph("amountCents"),
      currency: ph("currency"),
      booking: ph("booking"),
      status: "succeeded",
      cardBrand: ph("cardBrand"),
      cardLast4: ph("cardLast4"),
      checkoutId: null,
      pickupRequestId: null,
      purpose: null,
      createdAt: ph("at"),
      updatedAt: ph("at"),
    })
    .returning()
    .prepare(),
  /** The booked pickup (no row when its confirmation number was drawn before: drawn again). */
  pickup: db
    .insert(r)
    .values({
      confirmationNumber: ph("confirmationNumber"),
      userId: ph("userId"),
      pickupSlotId: ph("pickupSlotId"),
      paymentId: ph("paymentId"),
      planId: ph("planId"),
      bagsRequested: ph("bagsRequested"),
      listPriceCents: ph("listPriceCents"),
      multiBagDiscountCents: ph("multiBagDiscountCents"),
      serviceFeeCents: ph("serviceFeeCents"),
      promoDiscountCents: ph("promoDiscountCents"),
      subtotalCents: ph("subtotalCents"),
      gstCents: ph("gstCents"),
      qstCents: ph("qstCents"),
      totalCents: ph("totalCents"),
      address: ph("address"),
      postalFsa: ph("postalFsa"),
      latitude: ph("latitude"),
      longitude: ph("longitude"),
      positionApproximate: ph("positionApproximate"),
      termsVersion: ph("termsVersion"),
      termsAcceptedAt: ph("termsAcceptedAt"),
      frenchTermsReceivedAt: ph("frenchTermsReceivedAt"),
      contractLanguage: ph("contractLanguage"),
      createdAt: ph("at"),
      updatedAt: ph("at"),
    })
    .onConflictDoNothing({ target: r.confirmationNumber })
    .returning()
    .prepare(),
}));
