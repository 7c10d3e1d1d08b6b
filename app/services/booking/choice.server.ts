// The booking page's choices (bags, a date, its morning or afternoon window) as the resident sees
// them, and the check behind its Continue button. Labels are made here, on the server, so the page's
// JavaScript needs no date library.
import { now } from "~/lib/clock";
import { addDays, formatDate, weekdayOf, windowLabel, type PickupWindow } from "~/lib/dates";
import { isMontrealFsa } from "~/lib/postal";
import { parseBagCount, type BagCount } from "~/lib/pricing";
import { slotRefusal, type DateOption, type SlotRefusal } from "~/lib/slots";
import type { BookingSelection, DateChoice, WeekGroup } from "~/lib/booking-choice";
import { env } from "~/services/platform/config.server";
import { sharedRead } from "~/services/platform/shared-reads.server";
import { dateOptions, findSlot } from "./slots.server";
import { parseId } from "~/lib/ids";

const WINDOW_ORDER: PickupWindow[] = ["morning", "afternoon"];

/** Where the resident stands: served area (H prefix), outside Montreal, or no prefix on file. */
type AreaStatus = "montreal" | "outside" | "unknown";

function areaStatus(postalFsa: string): AreaStatus {
  if (!postalFsa.trim()) return "unknown";
  return isMontrealFsa(postalFsa) ? "montreal" : "outside";
}

/** French weeks start on Monday, English (Canada) weeks on Sunday. */
export function weekStart(date: string, lng: string): string {
  const weekday = weekdayOf(date);
  return addDays(date, -(lng === "fr" ? weekday - 1 : weekday % 7));
}

function dateChoice(option: DateOption, lng: string): DateChoice {
  return {
    date: option.date,
    label: formatDate(option.date, lng, "long"),
    shortLabel: formatDate(option.date, lng, "short"),
    fullyBooked: option.fullyBooked,
    windows: WINDOW_ORDER.map((window) => {
      const slot = option.windows.find((w) => w.window === window);
      return { window, slotId: slot?.slotId ?? null, label: windowLabel(window, lng), spotsLeft: slot?.spotsLeft ?? 0 };
    }),
  };
}

/** The merged dates of a prefix, grouped by week in the resident's language. */
function bookingWeeks(options: DateOption[], lng: string): WeekGroup[] {
  const weeks: WeekGroup[] = [];
  for (const option of options) {
    const start = weekStart(option.date, lng);
    let week = weeks.find((w) => w.start === start);
    if (!week) {
      week = { start, label: formatDate(start, lng, "monthDay"), dates: [] };
      weeks.push(week);
    }
    week.dates.push(dateChoice(option, lng));
  }
  return weeks;
}

/** lib/slots' refusals as the booking page words them (booking namespace): it says less than checkout. */
const ON_THE_BOOKING_PAGE: Record<SlotRefusal, string> = {
  "errors.slotNotFound": "errors.slotUnavailable",
  "errors.slotUnavailable": "errors.slotUnavailable",
  "errors.slotTooSoon": "errors.slotUnavailable",
  "errors.addressMismatch": "errors.slotNotServed",
  "errors.slotFull": "errors.slotFull",
};

const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/**
 * What the page shows as chosen, from the query (or a refused form): only a date that can be picked
 * and a window of that date with room are kept. A slot alone selects its date.
 */
export function normalizeSelection(
  weeks: WeekGroup[],
  raw: { bags?: unknown; date?: unknown; slotId?: unknown },
): BookingSelection {
  const dates = weeks.flatMap((w) => w.dates);
  const bags = parseBagCount(raw.bags);
  const slotId = parseId(raw.slotId);
  const slotDate = slotId ? dates.find((d) => d.windows.some((w) => w.slotId === slotId)) : undefined;
  const rawDate = typeof raw.date === "string" && DATE_PATTERN.test(raw.date) ? raw.date : null;
  const date = dates.find((d) => d.date === (rawDate ?? slotDate?.date) && !d.fullyBooked) ?? null;
  const window = date?.windows.find((w) => w.slotId === slotId && w.spotsLeft > 0);
  return { bags, date: date?.date ?? null, slotId: window ? slotId : null };
}

/**
 * The slot a move form names: a window chosen, of the date shown (without JavaScript the resident may
 * change the date and press Move before seeing its windows). Error keys are of "booking". Whether the
 * slot can be booked is quote.server's offeredSlot, asked once, by the move itself.
 */
export function readSlotChoice(input: {
  date?: unknown;
  slotId?: unknown;
}): { ok: true; slotId: number } | { ok: false; error: string } {
  const text = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, 40) : "");
  const date = text(input.date);
  const raw = text(input.slotId);
  if (!raw) return { ok: false, error: date ? "errors.chooseWindow" : "errors.chooseDate" };
  const slotId = parseId(raw);
  if (!slotId) return { ok: false, error: "errors.slotUnavailable" };
  const slot = date && DATE_PATTERN.test(date) ? findSlot(slotId) : null;
  if (slot && slot.date !== date) return { ok: false, error: "errors.chooseWindow" };
  return { ok: true, slotId };
}

/**
 * A prefix's calendar in a language, as every resident of it sees it this minute: made once until the
 * database changes or the minute turns (platform/shared-reads; issue 44, a first view of /booking spent a
 * twelfth of its CPU formatting the same five weeks). The minute is the render cache's own granularity;
 * a window that passes its 24-hour lead meanwhile is refused by the Continue check and the booking itself.
 */
function weeksOf(fsa: string, lng: string, at: number): WeekGroup[] {
  return sharedRead(`booking-weeks:${fsa}:${lng}:${Math.floor(at / 60_000)}`, () =>
    bookingWeeks(dateOptions(fsa, at), lng),
  );
}

export type BookingPage = {
  area: AreaStatus;
  fsa: string;
  weeks: WeekGroup[];
  selection: BookingSelection;
  serviceFeeCents: number;
};

/** Everything /booking shows for this resident and query. */
export function bookingPage(user: { postalFsa: string }, lng: string, query: URLSearchParams, at = now()): BookingPage {
  const fsa = user.postalFsa.trim().toUpperCase();
  const area = areaStatus(fsa);
  const weeks = area === "montreal" ? weeksOf(fsa, lng, at) : [];
  return {
    area,
    fsa,
    weeks,
    selection: normalizeSelection(weeks, {
      bags: query.get("bags"),
      date: query.get("date"),
      slotId: query.get("slotId"),
    }),
    serviceFeeCents: env.SERVICE_FEE_CENTS,
  };
}

export type ChoiceResult =
  | { ok: true; bags: BagCount; slotId: number }
  | { ok: false; error: string; values: { bags: string; date: string; slotId: string } };

/**
 * The Continue check: a bundle, and a slot that is still bookable for the resident's prefix (offered,
 * at least 24 hours ahead, within the month, with room). Error messages are keys of "booking".
 */
export function checkBookingChoice(
  user: { postalFsa: string },
  input: { bags?: unknown; date?: unknown; slotId?: unknown },
  at = now(),
): ChoiceResult {
  const text = (v: unknown) => (typeof v === "string" ? v.trim().slice(0, 40) : "");
  const values = { bags: text(input.bags), date: text(input.date), slotId: text(input.slotId) };
  const fail = (error: string, keep: Partial<typeof values> = {}): ChoiceResult => ({
    ok: false,
    error,
    values: { ...values, ...keep },
  });

  const fsa = user.postalFsa.trim().toUpperCase();
  if (areaStatus(fsa) !== "montreal") return fail("errors.outsideArea");
  const bags = parseBagCount(values.bags);
  if (!bags) return fail("errors.chooseBags");
  if (!values.slotId) return fail(values.date ? "errors.chooseWindow" : "errors.chooseDate");
  const slotId = parseId(values.slotId);
  const slot = slotId ? findSlot(slotId) : null;
  if (!slot || !slotId) return fail("errors.slotUnavailable", { slotId: "" });
  // Without JavaScript the resident may change the date and press Continue before seeing its windows.
  if (values.date && DATE_PATTERN.test(values.date) && values.date !== slot.date) {
    return fail("errors.chooseWindow", { slotId: "" });
  }
  const refusal = slotRefusal(slot, fsa, at);
  if (refusal) return fail(ON_THE_BOOKING_PAGE[refusal], { slotId: "" });
  return { ok: true, bags, slotId };
}
