// Which slots a resident may book, and the date picker's view of them (spec section 5).
import { dateKey, sameDayNextMonth, type PickupWindow } from "./dates";

export const MIN_LEAD_MS = 24 * 60 * 60 * 1000;
/** The time a resident may spend on the card form: a payment started when the slot was offered is still booked. */
const PAID_GRACE_MS = 60 * 60 * 1000;
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

function spotsLeft(slot: Pick<SlotView, "maxCapacity" | "currentBooked">): number {
  return Math.max(0, slot.maxCapacity - slot.currentBooked);
}

/**
 * The 24-hour lead, the one rule every path that shows, books or moves asks (the picker, the page and API
 * bookings, a move, the payment intent, the hosted checkout's return, the webhook and the reconcile): a slot
 * is offered only while it starts at least 24 hours after `at`. A payment already taken for it (`paid`) was
 * started while it was offered: it is booked while the slot still starts at least 23 hours ahead (the hour
 * the resident may have spent on the card form), and after that refunded in full, as for a full slot.
 */
export function leadRefusal(startsAt: number, at: number, paid = false): "errors.slotTooSoon" | null {
  return startsAt - at >= MIN_LEAD_MS - (paid ? PAID_GRACE_MS : 0) ? null : "errors.slotTooSoon";
}

/** Why a slot cannot be booked: one set of keys (the checkout namespace's) for every path that books or moves. */
export type SlotRefusal =
  | "errors.slotNotFound"
  | "errors.slotUnavailable"
  | "errors.slotTooSoon"
  | "errors.addressMismatch"
  | "errors.slotFull";

/**
 * Why this slot cannot be booked now by a resident of `fsa`, or null when it can: the one "is this slot
 * bookable" rule (the booking page's choice, the quote of the checkout page and API, a move, and the
 * booking transaction of a payment already taken, `paid`, which is held to the paid lead and not to the
 * last bookable date it was chosen within).
 */
export function slotRefusal(slot: SlotView | null, fsa: string, at: number, paid = false): SlotRefusal | null {
  if (!slot) return "errors.slotNotFound";
  if (slot.closed) return "errors.slotUnavailable";
  const tooSoon = leadRefusal(slot.startsAt, at, paid);
  if (tooSoon) return tooSoon;
  if (!slot.serviceAreas.includes(fsa.toUpperCase())) return "errors.addressMismatch";
  if (!paid && slot.date > lastBookableDate(at)) return "errors.slotUnavailable";
  if (spotsLeft(slot) <= 0) return "errors.slotFull";
  return null;
}

/**
 * Shown in the picker, bookable at `at` by a resident of `fsa` (null: of any served prefix): open, past the
 * 24-hour lead, no later than the same day next month, serving the prefix.
 */
export function isOffered(slot: SlotView, fsa: string | null, at: number, lastDate = lastBookableDate(at)): boolean {
  return (
    !slot.closed &&
    leadRefusal(slot.startsAt, at) === null &&
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
