// The season seed's plan (issue 46 part 1): which prefixes are served and which wait, the slots of twelve
// past and four coming weeks, and how full each one is. Every choice is drawn from a seeded generator, so
// a seed always gives the same season; nothing here reads the clock (the season is placed around `at`).
import { addDays, dateKey, windowEnd, windowStart, type PickupWindow } from "~/lib/dates";
import { isoWeekday, weekOf } from "~/lib/season";

/** About twenty served prefixes: the Plateau, Rosemont, Villeray, Hochelaga, downtown and NDG. */
export const SEASON_SERVED = [
  "H2H", "H2J", "H2K", "H2L", "H2T", "H2V", "H2W", "H2X", "H2G", "H2S",
  "H2R", "H2E", "H1X", "H1Y", "H1W", "H1V", "H3H", "H3G", "H4A", "H4B",
] as const; // prettier-ignore
/** Ten unserved prefixes whose residents wait for the service. */
export const SEASON_WAITING = ["H1E", "H1G", "H1H", "H4J", "H4K", "H4L", "H8N", "H8R", "H9A", "H3N"] as const;

const PAST_WEEKS = 12;
const COMING_WEEKS = 4;
/** The capacity of each window in the season (times the scale). */
export const SEASON_CAPACITY = 42;

export type SeasonSlot = { date: string; window: PickupWindow; startsAt: number; endsAt: number };

/** The season's weeks: twelve before the week of `at` (its Monday) and four from it. */
export function seasonDates(at: number) {
  const thisMonday = weekOf(dateKey(at));
  const first = addDays(thisMonday, -7 * PAST_WEEKS);
  const end = addDays(thisMonday, 7 * COMING_WEEKS);
  const slots: SeasonSlot[] = [];
  for (let date = first; date < end; date = addDays(date, 1)) {
    if (isoWeekday(date) === 7) continue;
    for (const window of ["morning", "afternoon"] as const) {
      slots.push({ date, window, startsAt: windowStart(date, window), endsAt: windowEnd(date, window) });
    }
  }
  return { first, end, thisMonday, slots };
}

const WEEKDAY_PULL: Record<number, number> = { 1: 0.6, 2: 0.75, 3: 0.8, 4: 0.85, 5: 0.95, 6: 1.15 };
const WINDOW_PULL: Record<PickupWindow, number> = { morning: 1.05, afternoon: 0.85 };

/**
 * How many places of a slot end up booked: a weekday and window pull, a season that grows week by week,
 * a little noise, and fewer for dates far ahead (people book one to three weeks before).
 */
export function bookedPlaces(slot: SeasonSlot, capacity: number, weekIndex: number, at: number, random: () => number) {
  const trend = 0.55 + 0.03 * weekIndex;
  const daysAhead = (slot.startsAt - at) / 86_400_000;
  const ahead = daysAhead <= 0 ? 1 : Math.max(0.1, 1 - daysAhead / 30);
  const fill = WEEKDAY_PULL[isoWeekday(slot.date)] * WINDOW_PULL[slot.window] * trend * ahead * (0.85 + 0.3 * random());
  return Math.min(capacity, Math.round(capacity * Math.min(1, fill)));
}

/** A prefix drawn by its weight (the weights' order fixed, so the draw is reproducible). */
export function weightedPick<T>(items: readonly T[], weights: readonly number[], random: () => number): T {
  const total = weights.reduce((s, w) => s + w, 0);
  let r = random() * total;
  for (let i = 0; i < items.length; i++) {
    r -= weights[i];
    if (r < 0) return items[i];
  }
  return items[items.length - 1];
}

export function randomInt(random: () => number, min: number, max: number) {
  return min + Math.floor(random() * (max - min + 1));
}

const CONFIRMATION_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
/** A confirmation number: four characters drawn from the seeded generator, then `n` in the same alphabet. */
export function seasonConfirmation(random: () => number, n: number): string {
  const chars = Array.from({ length: 4 }, () => CONFIRMATION_ALPHABET[Math.floor(random() * 32)]).join("");
  let tail = "";
  for (let v = n, i = 0; i < 4; i++, v = Math.floor(v / 32)) tail = CONFIRMATION_ALPHABET[v % 32] + tail;
  return `${chars}-${tail}`;
}
