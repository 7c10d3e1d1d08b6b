// The e-mails about one pickup: booked, moved, cancelled (and, for the admin's day sheet and closed
// dates, missed and date closed). One builder gives the values every such e-mail shares, in the
// resident's language: the confirmation number, the date and window, a link and the support address.
// The confirmation is also the receipt: subtotal, GST and QST with the registration numbers, the total
// and the card that paid.
import { eq } from "drizzle-orm";
import { env } from "~/services/platform/config.server";
import { pickupEmailValues } from "./pickup-email-values.server";
import { schema, type Db, type Tx } from "~/services/platform/db.server";
import { emailT, queueEmail, type EmailT } from "~/services/platform/mailer.server";
import { findSlot } from "./slots.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { formatMoney } from "~/lib/pricing";
import type { PickupRequest, User } from "../../../db/schema";
import { addressIn } from "~/lib/profile";

type ResidentPickupEmail = "booking-confirmed" | "pickup-modified" | "pickup-cancelled";

/**
 * A booked pickup's e-mail to its resident, written to the outbox with `tx`: in the transaction of the
 * change it tells about, so the change and its e-mail are stored together or not at all.
 */
function queueResidentPickupEmail(
  tx: Db | Tx,
  user: User,
  pickup: PickupRequest,
  kind: ResidentPickupEmail,
  extra: (t: EmailT, lng: Language) => Record<string, string | number>,
) {
  const lng: Language = isLanguage(user.locale) ? user.locale : "en";
  const slot = findSlot(pickup.pickupSlotId, tx)!;
  const t = emailT(lng);
  queueEmail(tx, {
    to: user.email,
    kind,
    locale: lng,
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

/** The card line of the receipt: the card that paid, or that none was charged (a FREE order). */
function paymentLine(tx: Db | Tx, pickup: PickupRequest, t: EmailT) {
  const payment = pickup.paymentId
    ? tx.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId)).get()
    : undefined;
  if (pickup.totalCents <= 1 || !payment || payment.provider === "free") return t("receipt.noCard");
  if (!payment.cardLast4) return t("receipt.paidOnline");
  const brand = payment.cardBrand ?? "";
  return t("receipt.card", { brand: brand.charAt(0).toUpperCase() + brand.slice(1), last4: payment.cardLast4 });
}

/** The booking-confirmed e-mail, in the booking's transaction (reconcilePayments() queues it for older pickups without one). */
export function queueBookingConfirmation(tx: Db | Tx, user: User, pickup: PickupRequest) {
  queueResidentPickupEmail(tx, user, pickup, "booking-confirmed", (t, lng) => ({
    bags: pickup.bagsRequested,
    address: addressIn(pickup.address, lng),
    subtotal: formatMoney(pickup.subtotalCents, lng),
    gst: formatMoney(pickup.gstCents, lng),
    qst: formatMoney(pickup.qstCents, lng),
    total: pickup.totalCents <= 1 ? t("free") : formatMoney(pickup.totalCents, lng),
    payment: paymentLine(tx, pickup, t),
    gstNumber: env.GST_NUMBER,
    qstNumber: env.QST_NUMBER,
  }));
}

export function queuePickupMoved(tx: Db | Tx, user: User, pickup: PickupRequest) {
  queueResidentPickupEmail(tx, user, pickup, "pickup-modified", () => ({}));
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
