// A plan's dates and cutoffs (issue 45 parts 2 and 3), pure and shared: the cycle job, the reconcile and the
// resident's pages ask the same rules. Calendar dates are 'YYYY-MM-DD' in Montreal; instants are epoch ms.
// - The date a plan falls on next: `intervalWeeks` after its anchor (its last pickup, booked or skipped),
//   past a skipped date, not before the end of a pause, never in a week already over.
// - Its cycle is booked and charged from 08:00 Montreal time seven days before that date.
// - The pickup of a cycle: the same weekday and window when a place is left, else the nearest open window
//   of that week (Monday to Sunday) serving the resident's prefix, never on a closed holiday or a closed
//   date, never inside the 24-hour lead (lib/slots).
// - A card that does not go through holds the place 48 hours, and never later than 24 hours before the
//   window; a booked cycle may be changed or skipped until the pickup's 12-hour cutoff.
import { DateTime } from "luxon";
import { addDays, weekdayOf, ZONE, type PickupWindow } from "./dates";
import { isClosedHoliday } from "./holidays";
import { leadRefusal, type SlotView } from "./slots";

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

/** A cycle is booked this many days before the date it falls on. */
export const PLAN_BOOKING_LEAD_DAYS = 7;
/** From this hour (Montreal time) that day: the e-mail saying so arrives in the morning, not at midnight. */
const PLAN_BOOKING_HOUR = 8;
/** A card that did not go through holds the place this long for the resident to pay it... */
const PLAN_HOLD_MS = 48 * HOUR;
/** ...and never later than this long before the window starts: then the place is released. */
const PLAN_RELEASE_BEFORE_MS = 24 * HOUR;
/** A booked cycle may be changed or skipped until this long before its window (as any pickup: lib/slots). */
const PLAN_CHANGE_CUTOFF_MS = 12 * HOUR;
/** A card expiring before a cycle's charge is asked for again this long before that charge. */
const PLAN_CARD_NOTICE_MS = 7 * DAY;

export type PlanSchedule = {
  /** The date of the plan's last pickup, booked or skipped. */
  anchorDate: string;
  intervalWeeks: number;
  /** A cycle skipped ahead of its booking: that date (and any before it) is passed over. */
  skipDate?: string | null;
  /** No cycle falls before this date. */
  pausedUntil?: string | null;
};

/** The Monday of a date's week (weeks run Monday to Sunday). */
export function weekStartOf(date: string): string {
  return addDays(date, 1 - weekdayOf(date));
}

/** The Sunday of a date's week. */
export function weekEndOf(date: string): string {
  return addDays(weekStartOf(date), 6);
}

/**
 * The date the plan falls on next: `intervalWeeks` weeks after its anchor, then one interval more while
 * that date is a skipped one (or before it), before the end of a pause, or (given `today`) in a week that
 * is already over: a plan resumed after months falls in its rhythm again, never in the past.
 */
export function nextPlanDate(plan: PlanSchedule, today?: string): string {
  const step = 7 * plan.intervalWeeks;
  if (!Number.isInteger(step) || step <= 0) throw new Error(`Not an interval: ${plan.intervalWeeks}`);
  let date = addDays(plan.anchorDate, step);
  const passedOver = (d: string) =>
    (plan.skipDate != null && d <= plan.skipDate) ||
    (plan.pausedUntil != null && d < plan.pausedUntil) ||
    (today !== undefined && weekEndOf(d) < today);
  while (passedOver(date)) date = addDays(date, step);
  return date;
}

/** cycleDueAt's answers by date: thousands of plans fall on a few dates, and Luxon's zone arithmetic is not free. */
const dueAtByDate = new Map<string, number>();

/** From when the cycle of `date` is booked and charged: 08:00 Montreal time seven days before it. */
export function cycleDueAt(date: string): number {
  let due = dueAtByDate.get(date);
  if (due === undefined) {
    due = DateTime.fromISO(addDays(date, -PLAN_BOOKING_LEAD_DAYS), { zone: ZONE })
      .set({ hour: PLAN_BOOKING_HOUR })
      .toMillis();
    // A date is a short string and the answer a number; a long-running server still keeps only so many.
    if (dueAtByDate.size >= 4096) dueAtByDate.clear();
    dueAtByDate.set(date, due);
  }
  return due;
}

export function isCycleDue(date: string, at: number): boolean {
  return at >= cycleDueAt(date);
}

export type CycleSlotInput = {
  /** The date the plan falls on, and its window. */
  date: string;
  window: PickupWindow;
  /** The resident's postal prefix (their area). */
  fsa: string;
  /** Now. */
  at: number;
  /** The holidays admins opened on purpose. */
  openedHolidays: ReadonlySet<string>;
};

function hasRoom(slot: Pick<SlotView, "maxCapacity" | "currentBooked">) {
  return slot.currentBooked < slot.maxCapacity;
}

function dayDistance(a: string, b: string) {
  return Math.abs(Date.parse(`${a}T00:00:00Z`) - Date.parse(`${b}T00:00:00Z`)) / DAY;
}

/** Whether a slot may take a cycle's pickup at `at`: open, not on a closed holiday, serving the prefix, 24 hours ahead, with room. */
function cycleSlotOpen(slot: SlotView, input: Omit<CycleSlotInput, "date" | "window">): boolean {
  return (
    !slot.closed &&
    !isClosedHoliday(slot.date, input.openedHolidays) &&
    slot.serviceAreas.includes(input.fsa.toUpperCase()) &&
    leadRefusal(slot.startsAt, input.at) === null &&
    hasRoom(slot)
  );
}

/**
 * The slot a cycle books among `slots`: the plan's date and window when it has a place left, otherwise the
 * nearest open window of that week (Monday to Sunday) in the resident's area: the fewest days away, the
 * same window before the other, the earlier before the later. Counted in calendar days, not hours, so a
 * week where the clocks change chooses as any other. Null when the week has no place at all.
 */
export function chooseCycleSlot<S extends SlotView>(slots: readonly S[], input: CycleSlotInput): S | null {
  const from = weekStartOf(input.date);
  const to = weekEndOf(input.date);
  const open = slots.filter((s) => s.date >= from && s.date <= to && cycleSlotOpen(s, input));
  const rank = (s: S): [number, number, string, number] => [
    dayDistance(s.date, input.date),
    s.window === input.window ? 0 : 1,
    s.date,
    s.window === "morning" ? 0 : 1,
  ];
  let best: S | null = null;
  let bestRank: [number, number, string, number] | null = null;
  for (const slot of open) {
    const r = rank(slot);
    if (!bestRank || compareRanks(r, bestRank) < 0) {
      best = slot;
      bestRank = r;
    }
  }
  return best;
}

function compareRanks(a: [number, number, string, number], b: [number, number, string, number]): number {
  for (let i = 0; i < a.length; i++) {
    if (a[i] === b[i]) continue;
    return a[i]! < b[i]! ? -1 : 1;
  }
  return 0;
}

/** The last instant a booked cycle may be changed or skipped: 12 hours before its window. */
export function cycleChangeCutoff(startsAt: number): number {
  return startsAt - PLAN_CHANGE_CUTOFF_MS;
}

/** Whether a booked cycle may still be changed or skipped at `at`. */
export function canChangeCycle(startsAt: number, at: number): boolean {
  return at < cycleChangeCutoff(startsAt);
}

/** Until when a place is held for a card that did not go through: 48 hours, and never past 24 hours before the window. */
export function holdExpiresAt(at: number, startsAt: number): number {
  return Math.min(at + PLAN_HOLD_MS, startsAt - PLAN_RELEASE_BEFORE_MS);
}

/** Whether a held place is released at `at` (its hold has run out). */
export function isHoldExpired(expiresAt: number, at: number): boolean {
  return at >= expiresAt;
}

/** A card's last valid day: the last day of its expiry month ('YYYY-MM-DD'). */
function cardLastDay(card: { expMonth: number; expYear: number }): string {
  return new Date(Date.UTC(card.expYear, card.expMonth, 0)).toISOString().slice(0, 10);
}

/**
 * Whether a card expires before the cycle of `date` charges it (at cycleDueAt), so a new one must be asked
 * for. A card without a known expiry is never asked about.
 */
export function cardExpiresBeforeCycle(
  card: { expMonth: number | null; expYear: number | null },
  date: string,
): boolean {
  if (card.expMonth == null || card.expYear == null) return false;
  const chargeDay = addDays(date, -PLAN_BOOKING_LEAD_DAYS);
  return cardLastDay({ expMonth: card.expMonth, expYear: card.expYear }) < chargeDay;
}

/** From when a card expiring before the cycle of `date` is asked for again: a week before the charge. */
export function cardNoticeDueAt(date: string): number {
  return cycleDueAt(date) - PLAN_CARD_NOTICE_MS;
}
