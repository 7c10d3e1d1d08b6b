// A pickup as a calendar event in the resident's language (issue 35 part 3): for the e-mails about it
// (booked, moved: REQUEST; cancelled: CANCEL), its "Add to calendar" download and the resident's feed.
import { appUrl, env } from "~/services/platform/config.server";
import { calendarT, emailT, type EmailAttachment } from "~/services/platform/mailer.server";
import { calendarFile, CALENDAR_CONTENT_TYPE, type CalendarMethod, type CalendarPickup } from "~/lib/calendar";
import { bagsOutBy, type PickupWindow } from "~/lib/dates";
import type { Language } from "~/lib/i18n";

export type EventSource = {
  confirmationNumber: string;
  bagsRequested: number;
  address: string;
  calendarSequence: number;
  status: string;
  date: string;
  window: PickupWindow;
};

/** The pickup's event, its words in `lng`. */
export function pickupEvent(pickup: EventSource, lng: Language): CalendarPickup {
  const t = calendarT(lng);
  const url = `${appUrl()}/order/${pickup.confirmationNumber}`;
  return {
    confirmationNumber: pickup.confirmationNumber,
    date: pickup.date,
    window: pickup.window,
    sequence: pickup.calendarSequence,
    cancelled: pickup.status === "Cancelled",
    title: t("event.title", { bags: emailT(lng)("bags", { count: pickup.bagsRequested }) }),
    description: t("event.description", {
      confirmationNumber: pickup.confirmationNumber,
      outBy: bagsOutBy(pickup.window, lng),
      url,
    }),
    location: pickup.address,
    url,
  };
}

/** The sender of the e-mails, as the organizer an e-mailed event must name: MAIL_FROM's name and address. */
function organizer() {
  const match = env.MAIL_FROM.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  return match ? { name: match[1] || "ReCircle", email: match[2] } : { name: "ReCircle", email: env.MAIL_FROM.trim() };
}

/** The .ics attachment of an e-mail about the pickup: REQUEST (booked, moved) or CANCEL. */
export function pickupEventAttachment(
  pickup: EventSource,
  lng: Language,
  method: Exclude<CalendarMethod, "PUBLISH">,
  at: number,
): EmailAttachment {
  return {
    filename: `${pickup.confirmationNumber}.ics`,
    contentType: `${CALENDAR_CONTENT_TYPE}; method=${method}`,
    content: calendarFile([pickupEvent(pickup, lng)], { at, method, organizer: organizer() }),
  };
}
