// A pickup in the resident's calendar (issue 35 part 3): iCalendar text made with `ics`, pure (the clock
// and the words are given). One event per pickup: its UID never changes, its SEQUENCE rises on each move
// (and on the cancellation), so a calendar updates the same event. Times are written in UTC, computed
// from the window in Montreal (Luxon, dates.windowStart), so a DST change day is right in every client.
import { createEvents, type EventAttributes } from "ics";
import { windowEnd, windowStart, type PickupWindow } from "./dates";

export type CalendarPickup = {
  confirmationNumber: string;
  date: string;
  window: PickupWindow;
  /** pickup_requests.calendar_sequence: 0 when booked, one more on each move and on the cancellation. */
  sequence: number;
  cancelled?: boolean;
  /** The words, in the resident's language. */
  title: string;
  description: string;
  location: string;
  url: string;
};

/** PUBLISH: a download or a feed; REQUEST: an e-mailed event; CANCEL: the e-mail of a cancellation. */
export type CalendarMethod = "PUBLISH" | "REQUEST" | "CANCEL";

export const CALENDAR_CONTENT_TYPE = "text/calendar; charset=utf-8";

/** The event's UID: the same for the life of the pickup, whatever its slot. */
export function pickupUid(confirmationNumber: string) {
  return `pickup-${confirmationNumber}@recircle`;
}

function event(pickup: CalendarPickup, at: number, organizer?: { name: string; email: string }): EventAttributes {
  return {
    uid: pickupUid(pickup.confirmationNumber),
    sequence: pickup.sequence,
    start: windowStart(pickup.date, pickup.window),
    startInputType: "utc",
    startOutputType: "utc",
    end: windowEnd(pickup.date, pickup.window),
    endInputType: "utc",
    endOutputType: "utc",
    title: pickup.title,
    description: pickup.description,
    location: pickup.location,
    url: pickup.url,
    status: pickup.cancelled ? "CANCELLED" : "CONFIRMED",
    busyStatus: "FREE",
    transp: "TRANSPARENT",
    productId: "-//ReCircle//Pickups//EN",
    lastModified: at,
    ...(organizer ? { organizer } : {}),
    // DTSTAMP: when this text was made (the library's default is when it was loaded).
    ...({ timestamp: at } as object),
  };
}

/**
 * A calendar file with these pickups (none: an empty calendar, still valid). `at` is the instant it is
 * made; `method` what it is for; an e-mailed one (REQUEST, CANCEL) names its organizer, as RFC 5546 asks.
 */
export function calendarFile(
  pickups: CalendarPickup[],
  options: { at: number; method: CalendarMethod; calName?: string; organizer?: { name: string; email: string } },
): string {
  const { error, value } = createEvents(
    pickups.map((p) => event(p, options.at, options.method === "PUBLISH" ? undefined : options.organizer)),
    {
      productId: "-//ReCircle//Pickups//EN",
      method: options.method,
      ...(options.calName ? { calName: options.calName } : {}),
    },
  );
  if (error || value === null) throw error ?? new Error("calendar: no value");
  return value;
}
