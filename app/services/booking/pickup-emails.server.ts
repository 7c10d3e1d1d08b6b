// The e-mails about one pickup: booked, moved, cancelled (and, for the admin's day sheet and closed
// dates, missed and date closed). One builder gives the values every such e-mail shares, in the
// resident's language: the confirmation number, the date and window, a link and the support address.
// The confirmation is also the receipt: subtotal, GST and QST with the registration numbers, the total
// and the card that paid.
import { eq } from "drizzle-orm";
import { appUrl, env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { getTFor } from "~/services/platform/i18n.server";
import { sendEmail } from "~/services/platform/mailer.server";
import { findSlot } from "./slots.server";
import { formatDate, windowLabel, type PickupWindow } from "~/lib/dates";
import { isLanguage, type Language } from "~/lib/i18n";
import { formatMoney } from "~/lib/pricing";
import type { PickupRequest, User } from "../../../db/schema";

/**
 * The values every pickup e-mail shares. `path` is where its link leads (the order by default).
 */
export function pickupEmailValues(
  pickup: { confirmationNumber: string; date: string; window: PickupWindow },
  lng: string,
  path = `/order/${pickup.confirmationNumber}`,
) {
  return {
    confirmationNumber: pickup.confirmationNumber,
    date: formatDate(pickup.date, lng),
    window: windowLabel(pickup.window, lng),
    link: `${appUrl()}${path}`,
    supportEmail: env.SUPPORT_EMAIL,
  };
}

type ResidentPickupEmail = "booking-confirmed" | "pickup-modified" | "pickup-cancelled";

/** A booked pickup's e-mail to its resident; a mail failure is logged, never thrown (the change is made). */
async function sendResidentPickupEmail(
  user: User,
  pickup: PickupRequest,
  kind: ResidentPickupEmail,
  extra: (t: Awaited<ReturnType<typeof getTFor>>, lng: Language) => Record<string, string | number>,
) {
  const lng: Language = isLanguage(user.locale) ? user.locale : "en";
  const slot = findSlot(pickup.pickupSlotId)!;
  const t = await getTFor(lng, "emails");
  try {
    await sendEmail({
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
  } catch (error) {
    console.error(
      kind === "booking-confirmed" ? "[booking] confirmation e-mail failed" : `[${kind}] e-mail failed`,
      error,
    );
  }
}

/** The card line of the receipt: the card that paid, or that none was charged (a FREE order). */
function paymentLine(pickup: PickupRequest, t: Awaited<ReturnType<typeof getTFor>>) {
  const payment = pickup.paymentId
    ? db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId)).get()
    : undefined;
  if (pickup.totalCents <= 1 || !payment || payment.provider === "free") return t("receipt.noCard");
  if (!payment.cardLast4) return t("receipt.paidOnline");
  const brand = payment.cardBrand ?? "";
  return t("receipt.card", { brand: brand.charAt(0).toUpperCase() + brand.slice(1), last4: payment.cardLast4 });
}

/** The booking-confirmed e-mail (also sent by reconcilePayments() when a crash came between booking and sending). */
export function sendBookingConfirmation(user: User, pickup: PickupRequest) {
  return sendResidentPickupEmail(user, pickup, "booking-confirmed", (t, lng) => ({
    bags: pickup.bagsRequested,
    address: pickup.address,
    subtotal: formatMoney(pickup.subtotalCents, lng),
    gst: formatMoney(pickup.gstCents, lng),
    qst: formatMoney(pickup.qstCents, lng),
    total: pickup.totalCents <= 1 ? t("free") : formatMoney(pickup.totalCents, lng),
    payment: paymentLine(pickup, t),
    gstNumber: env.GST_NUMBER,
    qstNumber: env.QST_NUMBER,
  }));
}

export function sendPickupMoved(user: User, pickup: PickupRequest) {
  return sendResidentPickupEmail(user, pickup, "pickup-modified", () => ({}));
}

/**
 * The cancellation e-mail: its refund line says where the refund stands (sent to the card, on its way,
 * or refused and retried), never announces money that did not go back; nothing when none was due.
 */
export function sendPickupCancelled(
  user: User,
  pickup: PickupRequest,
  refundCents: number,
  refundStatus: "succeeded" | "pending" | "failed" | null,
) {
  return sendResidentPickupEmail(user, pickup, "pickup-cancelled", (t, lng) => ({
    refundLine: refundStatus
      ? t(`pickup-cancelled.refund.${refundStatus}`, { amount: formatMoney(refundCents, lng) })
      : t("pickup-cancelled.refund.none"),
  }));
}
