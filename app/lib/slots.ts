// Which slots a resident may book, and the date picker's view of them (spec section 5).
import { dateKey, sameDayNextMonth, type PickupWindow } from "./dates";

export const MIN_LEAD_MS = 24 * 60 * 60 * 1000;
/** Modify and cancel stay open while more than 12 hours remain before the window starts. */
const CHANGE_CUTOFF_MS = 12 * 60 * 60 * 1000;

export type SlotView = {
  id: number;
  date: string;
  window: PickupWindow;
  startsAt: number;
  maxCapacity: number;
  currentBooked: number;
  serviceAreas: string[];
  closed: boolean;
};

/** The last bookable date: the same day next month (Montreal time). */
export function lastBookableDate(at: number): string {
  return sameDayNextMonth(dateKey(at));
}

export function spotsLeft(slot: Pick<SlotView, "maxCapacity" | "currentBooked">): number {
  return Math.max(0, slot.maxCapacity - slot.currentBooked);
}

/** Shown in the picker: starts at least 24 h from now, no later than the same day next month, open, serves the prefix. */
/** Bookable at `at` by a resident of `fsa` (null: of any served prefix). */
export function isOffered(slot: SlotView, fsa: string | null, at: number, lastDate = lastBookableDate(at)): boolean {
  return (
    !slot.closed &&
    slot.startsAt - at >= MIN_LEAD_MS &&
    slot.date <= lastDate &&
    (fsa ? slot.serviceAreas.includes(fsa.toUpperCase()) : slot.serviceAreas.length > 0)
  );
}

export type DateOption = {
  date: string;
  maxCapacity: number;
  currentBooked: number;
  serviceAreas: string[];
  fullyBooked: boolean;
  windows: Array<{ slotId: number; window: PickupWindow; spotsLeft: number }>;
};

/** Slots of the same date merged: capacities and bookings summed, prefixes de-duplicated; sorted by date. */
export function mergeSlotsByDate(slots: SlotView[]): DateOption[] {
  const byDate = new Map<string, DateOption>();
  // Each date's prefixes gathered in a set (in order of first appearance), made a list once at the end.
  const areas = new Map<string, Set<string>>();
  for (const slot of [...slots].sort((a, b) => a.startsAt - b.startsAt)) {
    let option = byDate.get(slot.date);
    let dateAreas = areas.get(slot.date);
    if (!option || !dateAreas) {
      option = { date: slot.date, maxCapacity: 0, currentBooked: 0, serviceAreas: [], fullyBooked: true, windows: [] };
      dateAreas = new Set();
      byDate.set(slot.date, option);
      areas.set(slot.date, dateAreas);
    }
    option.maxCapacity += slot.maxCapacity;
    option.currentBooked += slot.currentBooked;
    for (const prefix of slot.serviceAreas) dateAreas.add(prefix);
    option.windows.push({ slotId: slot.id, window: slot.window, spotsLeft: spotsLeft(slot) });
    if (option.windows.at(-1)!.spotsLeft > 0) option.fullyBooked = false;
  }
  for (const option of byDate.values()) option.serviceAreas = [...areas.get(option.date)!];
  return [...byDate.values()].sort((a, b) => a.date.localeCompare(b.date));
}

/** True while the pickup may still be moved or cancelled. */
export function canChange(startsAt: number, at: number): boolean {
  return startsAt - at > CHANGE_CUTOFF_MS;
}
