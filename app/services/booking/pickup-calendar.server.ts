// A pickup as a calendar event in the resident's language (issue 35 part 3): for the e-mails about it
// (booked, moved, cancelled: METHOD:PUBLISH, the cancellation with STATUS:CANCELLED and a higher
// SEQUENCE), its "Add to calendar" download and the resident's feed. Its LOCATION is the address as said
// in that language (French: "app. 4", not "Unit 4").
import { appUrl, env } from "~/services/platform/config.server";
import { calendarT, emailT, type EmailAttachment } from "~/services/platform/mailer.server";
import { CALENDAR_CONTENT_TYPE, eventCalendarFile, type CalendarPickup } from "~/lib/calendar";
import { bagsOutBy, type PickupWindow } from "~/lib/dates";
import type { Language } from "~/lib/i18n";
import { addressIn } from "~/lib/profile";

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
    location: addressIn(pickup.address, lng),
    url,
  };
}

/** The sender of the e-mails, as the organizer an e-mailed event must name: MAIL_FROM's name and address. */
function organizer() {
  const match = env.MAIL_FROM.match(/^\s*"?([^"<]*?)"?\s*<([^>]+)>\s*$/);
  return match ? { name: match[1] || "ReCircle", email: match[2] } : { name: "ReCircle", email: env.MAIL_FROM.trim() };
}

/**
 * The .ics attachment of an e-mail about the pickup (booked, moved, cancelled): METHOD:PUBLISH with the
 * sender as ORGANIZER and no ATTENDEE, so Gmail and Outlook offer to add or update the event, never an
 * Accept/Decline whose answer would go to a no-reply address. The same UID with a higher SEQUENCE updates
 * the copy a calendar already holds; the cancellation's STATUS:CANCELLED marks it cancelled.
 */
export function pickupEventAttachment(pickup: EventSource, lng: Language, at: number): EmailAttachment {
  return {
    filename: `${pickup.confirmationNumber}.ics`,
    contentType: `${CALENDAR_CONTENT_TYPE}; method=PUBLISH`,
    content: eventCalendarFile(pickupEvent(pickup, lng), { at, organizer: organizer() }),
  };
}
