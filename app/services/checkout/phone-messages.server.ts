// What a phone booking (issue 46 part 5) tells its resident, written to the outbox in the transaction of
// its cause, in the resident's language: the payment link of the held place (by e-mail, and by text when
// the resident has a verified number that did not answer STOP), and, unpaid in time, the place released.
import { appUrl, env } from "~/services/platform/config.server";
import type { Db, Tx } from "~/services/platform/db.server";
import { emailT, queueEmail, textT } from "~/services/platform/mailer.server";
import { textsConfigured } from "~/services/platform/sms.server";
import { queueText } from "~/services/platform/texts.server";
import { phonePayPath } from "~/lib/book-for";
import { formatDate, formatDateTime, windowLabel, type PickupWindow } from "~/lib/dates";
import { BOOKING_PATH } from "~/lib/paths";
import { formatMoney } from "~/lib/pricing";
import { canText } from "~/lib/reminders";
import { bookForText } from "~/lib/sms";
import type { User } from "../../../db/schema";

type Slot = { date: string; window: PickupWindow };

function text(
  tx: Db | Tx,
  user: User,
  kind: "phone-pay-link" | "phone-released",
  values: Record<string, string>,
  expiresAt?: number,
): boolean {
  if (!textsConfigured() || !canText(user)) return false;
  const key = kind === "phone-pay-link" ? "phonePayLink" : "phoneReleased";
  queueText(tx, {
    to: user.phone!,
    kind,
    locale: user.locale,
    text: bookForText(textT(user.locale), key, values),
    expiresAt,
  });
  return true;
}

/** "We booked your pickup of {date}; the place is held until {holdUntil}: pay {total} here." Texted too: true. */
export function queuePhonePayLink(
  tx: Db | Tx,
  user: User,
  input: { token: string; slot: Slot; bags: number; amountCents: number; holdUntil: number },
): boolean {
  const lng = user.locale;
  const link = `${appUrl()}${phonePayPath(input.token)}`;
  const holdUntil = formatDateTime(input.holdUntil, lng);
  queueEmail(tx, {
    to: user.email,
    kind: "phone-pay-link",
    locale: lng,
    firstName: user.firstName,
    // The link is a key: not sent once it no longer opens anything.
    expiresAt: input.holdUntil,
    values: {
      date: formatDate(input.slot.date, lng),
      window: windowLabel(input.slot.window, lng),
      bagsLabel: emailT(lng)("bags", { count: input.bags }),
      total: formatMoney(input.amountCents, lng),
      holdUntil,
      link,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
  return text(
    tx,
    user,
    "phone-pay-link",
    {
      date: formatDate(input.slot.date, lng, "monthDay"),
      total: formatMoney(input.amountCents, lng),
      holdUntil,
      link,
    },
    input.holdUntil,
  );
}

/** Unpaid in time: the place was given back; nothing was charged; how to book again. */
export function queuePhoneReleased(tx: Db | Tx, user: User, slot: Slot) {
  const lng = user.locale;
  const link = `${appUrl()}${BOOKING_PATH}`;
  queueEmail(tx, {
    to: user.email,
    kind: "phone-released",
    locale: lng,
    firstName: user.firstName,
    values: {
      date: formatDate(slot.date, lng),
      window: windowLabel(slot.window, lng),
      link,
      supportEmail: env.SUPPORT_EMAIL,
    },
  });
  text(tx, user, "phone-released", { date: formatDate(slot.date, lng, "monthDay") });
}
