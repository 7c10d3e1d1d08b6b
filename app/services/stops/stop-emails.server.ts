// The resident's e-mails about a stop (issue 42): the outcome of a mark (thanks for Completed; for
// Missed, words that follow the reason, and after "our fault" the choice of a free rebook or a full
// refund on the order page), written in the transaction of the mark with a due time at the end of the
// driver's undo window; and the correction, when a change comes after the first e-mail went out.
import { pickupEmailValues } from "~/services/booking/pickup-email-values.server";
import type { Db, Tx } from "~/services/platform/db.server";
import { emailT, queueEmail } from "~/services/platform/mailer.server";
import { impactLine } from "./impact-line.server";
import { unsubscribeHeaders, unsubscribeLink } from "~/services/platform/unsubscribe.server";
import { isLanguage, type Language } from "~/lib/i18n";
import { bookingPath, orderPath } from "~/lib/paths";
import { isOurFault, type MissedReason } from "~/lib/stops";
import { bagsCollectedLabel, leftBehindText, type DoorOutcome } from "~/lib/refused-items";
import type { PickupWindow } from "~/lib/dates";
import type { PickupRequest, User } from "../../../db/schema";

type Slot = { date: string; window: PickupWindow };
export type StopOutcome = { status: "Completed" | "Missed"; reason: MissedReason | null };

function languageOf(user: User): Language {
  return isLanguage(user.locale) ? user.locale : "en";
}

/** The cause named in an our-fault e-mail: truck, staff, weather or closure. */
function causeOf(reason: string) {
  return reason.replace("our-fault-", "");
}

/**
 * The outcome e-mail of a mark, due at `notBefore` (the end of the undo window). A resident who turned
 * the day-after e-mails off gets none, except after "our fault": a free rebook or a refund is owed to
 * them, so that one is always written; and (issue 47) when items were left at their door: what was left
 * and where to take it instead is theirs to know. A Completed stop's e-mail names the bags collected when
 * they differ from the bags booked ("3 of your 4 bags"). Returns the outbox row's id, or null when none
 * was written.
 */
export function queueStopOutcome(
  tx: Db | Tx,
  user: User,
  pickup: PickupRequest,
  slot: Slot,
  outcome: StopOutcome,
  notBefore: number,
  door: DoorOutcome | null = null,
): number | null {
  const ourFault = outcome.status === "Missed" && isOurFault(outcome.reason);
  const left = outcome.status === "Completed" && door ? door.refused : [];
  if (!user.dayAfterEnabled && !ourFault && !left.length) return null;
  const lng = languageOf(user);
  const t = emailT(lng);
  const path = ourFault ? orderPath(pickup.confirmationNumber) : bookingPath({ bags: pickup.bagsRequested });
  const values = pickupEmailValues({ ...slot, confirmationNumber: pickup.confirmationNumber }, lng, path);
  const bagsLabel =
    outcome.status === "Completed"
      ? bagsCollectedLabel(t, pickup.bagsRequested, door?.bagsCollected ?? null)
      : t("bags", { count: pickup.bagsRequested });
  if (ourFault) {
    return queueEmail(tx, {
      to: user.email,
      kind: "pickup-missed-our-fault",
      locale: lng,
      firstName: user.firstName,
      notBefore,
      values: { ...values, bagsLabel, context: causeOf(outcome.reason ?? "") },
    });
  }
  const unsubscribe = unsubscribeLink(user.id, "day-after");
  return queueEmail(tx, {
    to: user.email,
    kind: outcome.status === "Completed" ? "pickup-completed" : "pickup-missed",
    locale: lng,
    firstName: user.firstName,
    notBefore,
    values: {
      ...values,
      bagsLabel,
      unsubscribeLink: unsubscribe,
      ...(outcome.status === "Missed" && outcome.reason ? { context: outcome.reason } : {}),
      ...(left.length ? { context: "left", leftLines: leftBehindText(t, left) } : {}),
      // Issue 47 part 3: what the pickup kept out of landfill (an estimate), in its own module.
      ...(outcome.status === "Completed"
        ? {
            impactLine: impactLine(lng, slot.date, door?.bagsCollected ?? pickup.bagsCollected ?? pickup.bagsRequested),
          }
        : {}),
    },
    headers: unsubscribeHeaders(unsubscribe),
  });
}

/**
 * The correction e-mail, sent at once: the earlier e-mail about this stop went out and no longer holds.
 * Its words follow what the stop is now (collected, missed with its reason, our fault, or not settled
 * yet) and its link leads to the order page.
 */
export function queueStopCorrection(
  tx: Db | Tx,
  user: User,
  pickup: PickupRequest,
  slot: Slot,
  status: "Scheduled" | "Completed" | "Missed",
  reason: MissedReason | null,
): number {
  const lng = languageOf(user);
  const values = pickupEmailValues({ ...slot, confirmationNumber: pickup.confirmationNumber }, lng);
  const context =
    status === "Scheduled"
      ? "open"
      : status === "Completed"
        ? "completed"
        : isOurFault(reason)
          ? "our-fault"
          : "missed";
  return queueEmail(tx, {
    to: user.email,
    kind: "pickup-corrected",
    locale: lng,
    firstName: user.firstName,
    values: { ...values, bagsLabel: emailT(lng)("bags", { count: pickup.bagsRequested }), context },
  });
}
