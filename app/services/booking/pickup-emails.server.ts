// The e-mails about one pickup: booked, moved, cancelled (and date closed; the day-after e-mails of a
// stop are services/stops' stop-emails). One builder gives the values every such e-mail shares, in the
// resident's language: the confirmation number, the date and window, a link and the support address.
// The confirmation is also the receipt: subtotal, GST and QST with the registration numbers, the total
// and the card that paid.
import { and, asc, eq, ne, or, sql, type Placeholder } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { pickupEmailValues } from "./pickup-email-values.server";
import { db, perConnection, schema, type Db, type Tx } from "~/services/platform/db.server";
import { emailT, queueEmail, type EmailAttachment, type EmailT } from "~/services/platform/mailer.server";
import { findSlot } from "./slots.server";
import { pickupEventAttachment } from "./pickup-calendar.server";
import { now } from "~/lib/clock";
import { dateKey, formatDate } from "~/lib/dates";
import type { Language } from "~/lib/i18n";
import { contractMessageLanguage } from "~/lib/contract-language";
import { formatMoney, isFreeTotal } from "~/lib/pricing";
import type { PickupRequest, User } from "../../../db/schema";
import { addressIn } from "~/lib/profile";
import { contractTermsAttachment, contractValues } from "./contract-copy.server";

type ResidentPickupEmail = "booking-confirmed" | "pickup-modified" | "pickup-cancelled" | "pickup-bags-changed";

/**
 * A booked pickup's e-mail to its resident, written to the outbox with `tx`: in the transaction of the
 * change it tells about, so the change and its e-mail are stored together or not at all. It is part of
 * the pickup's contract, so in the contract's language (issue 43: English only for a contract in English;
 * a pickup booked before contracts were stored keeps the account's language).
 */
function queueResidentPickupEmail(
  tx: Db | Tx,
  user: User,
  pickup: PickupRequest,
  kind: ResidentPickupEmail,
  extra: (t: EmailT, lng: Language) => Record<string, string | number>,
  attachments: (lng: Language) => EmailAttachment[] = () => [],
) {
  const lng = contractMessageLanguage(pickup.contractLanguage, user.locale);
  const slot = findSlot(pickup.pickupSlotId, tx)!;
  const t = emailT(lng);
  // The pickup as a calendar event: added, or updated (same UID, higher SEQUENCE), or marked cancelled.
  const event = pickupEventAttachment({ ...pickup, date: slot.date, window: slot.window }, lng, now());
  queueEmail(tx, {
    to: user.email,
    kind,
    locale: lng,
    firstName: user.firstName,
    attachments: [event, ...attachments(lng)],
    values: {
      ...pickupEmailValues(
        { confirmationNumber: pickup.confirmationNumber, date: slot.date, window: slot.window },
        lng,
      ),
      bagsLabel: t("bags", { count: pickup.bagsRequested }),
      ...extra(t, lng),
    },
  });
}

/**
 * The receipt's price lines, the same as the order page's: list price, the multi-bag discount, a service
 * fee (only when there is one), the promo discount, subtotal, GST and QST, in the resident's money format.
 */
function receiptLines(pickup: PickupRequest, t: EmailT, lng: Language) {
  const amount = (cents: number) => ({ amount: formatMoney(cents, lng) });
  const lines = [t("receipt.listPrice", amount(pickup.listPriceCents))];
  if (pickup.multiBagDiscountCents) lines.push(t("receipt.multiBagDiscount", amount(pickup.multiBagDiscountCents)));
  if (pickup.serviceFeeCents) lines.push(t("receipt.serviceFee", amount(pickup.serviceFeeCents)));
  if (pickup.promoDiscountCents) lines.push(t("receipt.promoDiscount", amount(pickup.promoDiscountCents)));
  lines.push(t("receipt.subtotal", amount(pickup.subtotalCents)));
  lines.push(t("receipt.gst", amount(pickup.gstCents)));
  lines.push(t("receipt.qst", amount(pickup.qstCents)));
  return lines.join("\n");
}

/** The card line of the receipt: the card that paid, or that none was charged (a FREE order). */
function paymentLine(tx: Db | Tx, pickup: PickupRequest, t: EmailT) {
  const payment = pickup.paymentId
    ? tx.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId)).get()
    : undefined;
  if (isFreeTotal(pickup.totalCents) || !payment || payment.provider === "free") return t("receipt.noCard");
  if (!payment.cardLast4) return t("receipt.paidOnline");
  const brand = payment.cardBrand ?? "";
  return t("receipt.card", { brand: brand.charAt(0).toUpperCase() + brand.slice(1), last4: payment.cardLast4 });
}

/**
 * The booking-confirmed e-mail, in the booking's transaction (reconcilePayments() queues it for older
 * pickups without one): the receipt and the copy of the contract, its terms attached as text.
 */
export function queueBookingConfirmation(tx: Db | Tx, user: User, pickup: PickupRequest) {
  queueResidentPickupEmail(
    tx,
    user,
    pickup,
    "booking-confirmed",
    (t, lng) => ({
      ...contractValues(user, pickup, lng),
      bags: pickup.bagsRequested,
      address: addressIn(pickup.address, lng),
      receiptLines: receiptLines(pickup, t, lng),
      total: isFreeTotal(pickup.totalCents) ? t("free") : formatMoney(pickup.totalCents, lng),
      payment: paymentLine(tx, pickup, t),
      gstNumber: env.GST_NUMBER,
      qstNumber: env.QST_NUMBER,
    }),
    (lng) => [contractTermsAttachment(pickup, lng)],
  );
}

export function queuePickupMoved(tx: Db | Tx, user: User, pickup: PickupRequest) {
  queueResidentPickupEmail(tx, user, pickup, "pickup-modified", () => ({}));
}

/**
 * Every payment of a pickup, oldest first (the booking's, then each bag change's), with what was refunded
 * of it: the receipt's "payments and refunds" (issue 45 part 5).
 */
export function pickupPayments(tx: Db | Tx, pickupId: number) {
  // Outside a transaction, prepared once per connection: the order page asks on every view (issue 44).
  return tx === db ? paymentsOfPickup().all({ pickupId }) : paymentsQuery(tx, pickupId).all();
}

function paymentsQuery(tx: Pick<Db, "select">, pickupId: number | Placeholder) {
  const p = schema.payments;
  const r = schema.pickupRequests;
  const paid = or(eq(p.status, "succeeded"), eq(p.status, "refunded"), eq(p.status, "partially_refunded"));
  return tx
    .select()
    .from(p)
    .where(
      and(
        or(
          sql`${p.id} = (select ${r.paymentId} from ${r} where ${r.id} = ${pickupId})`,
          and(eq(p.pickupRequestId, pickupId), eq(p.purpose, "bag_change"), paid),
        ),
        ne(p.provider, "free"),
      ),
    )
    .orderBy(asc(p.id));
}

const paymentsOfPickup = perConnection((conn) => paymentsQuery(conn, sql.placeholder("pickupId")).prepare());

/**
 * A bag more or less (issue 45 part 5), in the change's transaction: the new bags, what was paid or
 * refunded, the new receipt with every payment and refund, and the calendar event one version later.
 */
export function queuePickupBagsChanged(
  tx: Db | Tx,
  user: User,
  pickup: PickupRequest,
  change: { fromBags: number; paidCents: number; refundCents: number },
) {
  queueResidentPickupEmail(tx, user, pickup, "pickup-bags-changed", (t, lng) => {
    const money = (cents: number) => formatMoney(cents, lng);
    const ledger = pickupPayments(tx, pickup.id).flatMap((payment) => [
      t("receipt.payment", {
        amount: money(payment.amountCents),
        date: formatDate(dateKey(payment.createdAt), lng, "short"),
      }),
      ...(payment.refundedCents > 0 ? [t("receipt.refund", { amount: money(payment.refundedCents) })] : []),
    ]);
    return {
      fromBagsLabel: t("bags", { count: change.fromBags }),
      changeLine:
        change.paidCents > 0
          ? t("pickup-bags-changed.paid", { amount: money(change.paidCents) })
          : change.refundCents > 0
            ? t("pickup-bags-changed.refunded", { amount: money(change.refundCents) })
            : t("pickup-bags-changed.none"),
      receiptLines: receiptLines(pickup, t, lng),
      total: isFreeTotal(pickup.totalCents) ? t("free") : money(pickup.totalCents),
      ledgerLines: ledger.length ? ledger.join("\n") : t("receipt.noCard"),
    };
  });
}

/**
 * The cancellation e-mail: its refund line says where the refund stands (sent to the card, on its way,
 * or refused and retried), never announces money that did not go back; nothing when none was due.
 */
export function queuePickupCancelled(
  tx: Db | Tx,
  user: User,
  pickup: PickupRequest,
  refundCents: number,
  refundStatus: "succeeded" | "pending" | "failed" | null,
) {
  queueResidentPickupEmail(tx, user, pickup, "pickup-cancelled", (t, lng) => ({
    refundLine: refundStatus
      ? t(`pickup-cancelled.refund.${refundStatus}`, { amount: formatMoney(refundCents, lng) })
      : t("pickup-cancelled.refund.none"),
  }));
}

/**
 * Whether this pickup's cancellation e-mail is written (queued, sent or failing): the outbox row to its
 * address whose subject names the pickup. Sent rows keep their subject, so this holds for good.
 */
export function cancellationEmailWritten(tx: Db | Tx, to: string, confirmationNumber: string): boolean {
  const o = schema.emailOutbox;
  return Boolean(
    tx
      .select({ id: o.id })
      .from(o)
      .where(and(eq(o.kind, "pickup-cancelled"), eq(o.to, to), sql`instr(${o.subject}, ${confirmationNumber}) > 0`))
      .limit(1)
      .get(),
  );
}

/**
 * A refunded cancellation's e-mail, once: written after the provider's answer (its refund line says where
 * the money stands), by the request that cancelled or, after a crash in between, by the reconcile. Both
 * ask in one write transaction whether it is already written, so exactly one is.
 */
export function queuePickupCancelledOnce(
  user: User,
  pickup: PickupRequest,
  refundCents: number,
  refundStatus: "succeeded" | "pending" | "failed" | null,
): boolean {
  return db.transaction(
    (tx) => {
      if (cancellationEmailWritten(tx, user.email, pickup.confirmationNumber)) return false;
      queuePickupCancelled(tx, user, pickup, refundCents, refundStatus);
      return true;
    },
    { behavior: "immediate" },
  );
}
