// What a plan's cycle tells its resident (issue 45 parts 2 and 3), written to the outbox in the transaction
// of its cause, in the resident's language: the next pickup booked (with its receipt and the updated
// calendar event), a payment needed (the link to pay the held place), the place released and the plan
// paused (why, and how to resume), a week of that cycle with no place, a card that expires before the next
// charge. An e-mail always; a text too when the resident chose texts and can get them.
import { appUrl, env } from "~/services/platform/config.server";
import type { Db, Tx } from "~/services/platform/db.server";
import { emailT, queueEmail, textT } from "~/services/platform/mailer.server";
import { textsConfigured } from "~/services/platform/sms.server";
import { queueText } from "~/services/platform/texts.server";
import { pickupEventAttachment } from "~/services/booking/pickup-calendar.server";
import { pickupEmailValues } from "~/services/booking/pickup-email-values.server";
import { now } from "~/lib/clock";
import { formatDate, formatDateTime, windowLabel, type PickupWindow } from "~/lib/dates";
import { BOOKING_PATH } from "~/lib/paths";
import { cycleChangeCutoff } from "~/lib/plan-dates";
import { planPayPath, PLAN_SETTINGS_PATH } from "~/lib/plan-paths";
import { formatMoney } from "~/lib/pricing";
import { canText } from "~/lib/reminders";
import { planText } from "~/lib/sms";
import type { PickupRequest, User } from "../../../db/schema";

type Slot = { date: string; window: PickupWindow; startsAt: number };

/** The resident chose texts (or both) and a text can reach them. */
function wantsText(user: User): boolean {
  return textsConfigured() && user.reminderChannels !== "email" && canText(user);
}

function text(
  tx: Db | Tx,
  user: User,
  kind: "plan-pickup-booked" | "plan-payment-needed" | "plan-released",
  values: Record<string, string>,
) {
  if (!wantsText(user)) return;
  const key = (
    {
      "plan-pickup-booked": "planBooked",
      "plan-payment-needed": "planPaymentNeeded",
      "plan-released": "planReleased",
    } as const
  )[kind];
  queueText(tx, { to: user.phone!, kind, locale: user.locale, text: planText(textT(user.locale), key, values) });
}

/** "Your next pickup is booked for {date}, {window}: change or skip it until {cutoff}", the receipt and the event. */
export function queuePlanPickupBooked(
  tx: Db | Tx,
  user: User,
  pickup: PickupRequest,
  slot: Slot,
  card: { cardBrand: string | null; cardLast4: string | null },
) {
  const lng = user.locale;
  const t = emailT(lng);
  const cutoff = formatDateTime(cycleChangeCutoff(slot.startsAt), lng);
  const values = pickupEmailValues({ confirmationNumber: pickup.confirmationNumber, ...slot }, lng);
  queueEmail(tx, {
    to: user.email,
    kind: "plan-pickup-booked",
    locale: lng,
    firstName: user.firstName,
    attachments: [pickupEventAttachment({ ...pickup, date: slot.date, window: slot.window }, lng, now())],
    values: {
      ...values,
      bagsLabel: t("bags", { count: pickup.bagsRequested }),
      cutoff,
      // One value a line (no line break in a value): the message is filled into its skeleton, not rendered
      // whole, so a morning's thousands of renewals cost a string replace each (issue 45's bench).
      price: formatMoney(pickup.listPriceCents - pickup.multiBagDiscountCents, lng),
      subtotal: formatMoney(pickup.subtotalCents, lng),
      gst: formatMoney(pickup.gstCents, lng),
      qst: formatMoney(pickup.qstCents, lng),
      total: formatMoney(pickup.totalCents, lng),
      payment: card.cardLast4
        ? t("receipt.card", { brand: capitalized(card.cardBrand ?? ""), last4: card.cardLast4 })
        : t("receipt.paidOnline"),
      gstNumber: env.GST_NUMBER,
      qstNumber: env.QST_NUMBER,
    },
  });
  text(tx, user, "plan-pickup-booked", {
    date: formatDate(slot.date, lng, "monthDay"),
    window: values.window,
    cutoff,
    link: values.link,
  });
}

function capitalized(word: string) {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

const REASONS = new Set(["authentication_required", "card_declined", "expired_card", "no_saved_card"]);

/** The card did not go through: the place is held until `holdUntil`, and here is where to pay it. */
export function queuePlanPaymentNeeded(
  tx: Db | Tx,
  user: User,
  input: { planId: number; slot: Slot; bags: number; amountCents: number; failureCode: string; holdUntil: number },
) {
  const lng = user.locale;
  const t = emailT(lng);
  const link = `${appUrl()}${planPayPath(input.planId)}`;
  const holdUntil = formatDateTime(input.holdUntil, lng);
  const reasonKey = REASONS.has(input.failureCode) ? input.failureCode : "other";
  queueEmail(tx, {
    to: user.email,
    kind: "plan-payment-needed",
    locale: lng,
    firstName: user.firstName,
    values: {
      date: formatDate(input.slot.date, lng),
      window: windowLabel(input.slot.window, lng),
      bagsLabel: t("bags", { count: input.bags }),
      reason: t(`plan-payment-needed.reason_${reasonKey}`),
      holdUntil,
      total: formatMoney(input.amountCents, lng),
      link,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
  text(tx, user, "plan-payment-needed", { date: formatDate(input.slot.date, lng, "monthDay"), holdUntil, link });
}

/** Unpaid in time: the place was given back and the plan paused; how to resume it. */
export function queuePlanReleased(tx: Db | Tx, user: User, input: { slot: Slot; intervalWeeks: number }) {
  const lng = user.locale;
  const link = `${appUrl()}${PLAN_SETTINGS_PATH}`;
  queueEmail(tx, {
    to: user.email,
    kind: "plan-released",
    locale: lng,
    firstName: user.firstName,
    values: {
      date: formatDate(input.slot.date, lng),
      window: windowLabel(input.slot.window, lng),
      intervalWeeks: input.intervalWeeks,
      link,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
  text(tx, user, "plan-released", { date: formatDate(input.slot.date, lng, "monthDay"), link });
}

/** The week of a cycle had no open place in the resident's area: nothing booked or charged, the next one planned. */
export function queuePlanNoPlace(tx: Db | Tx, user: User, input: { date: string; nextDate: string }) {
  const lng = user.locale;
  queueEmail(tx, {
    to: user.email,
    kind: "plan-no-place",
    locale: lng,
    firstName: user.firstName,
    values: {
      date: formatDate(input.date, lng),
      nextDate: formatDate(input.nextDate, lng),
      link: `${appUrl()}${BOOKING_PATH}`,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
}

/** The saved card expires before the next cycle's charge: a new one is asked for, a week ahead. */
export function queuePlanCardExpiring(
  tx: Db | Tx,
  user: User,
  input: {
    date: string;
    chargeDate: string;
    brand: string | null;
    last4: string | null;
    expMonth: number;
    expYear: number;
  },
) {
  const lng = user.locale;
  const brand = capitalized(input.brand ?? "");
  queueEmail(tx, {
    to: user.email,
    kind: "plan-card-expiring",
    locale: lng,
    firstName: user.firstName,
    values: {
      date: formatDate(input.date, lng),
      chargeDate: formatDate(input.chargeDate, lng),
      card: `${brand} •••• ${input.last4 ?? ""}`.trim(),
      expiry: `${String(input.expMonth).padStart(2, "0")}/${input.expYear}`,
      link: `${appUrl()}${PLAN_SETTINGS_PATH}`,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
}
