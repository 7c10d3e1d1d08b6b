// What a driver records at the door of a Completed stop (issue 47 part 1), as pure rules shared by the
// server and the pages: the bags actually collected (1 to 10, prefilled with the bags booked; it may
// differ) and the items refused and left behind, from a fixed list, with a short note for "other". The
// texts live in the translations: each item's name in "stops" (refused.items.<item>) and, for the
// resident's Completed e-mail, what was left and where to take it instead in "emails" (refused.<item>).

export const REFUSED_ITEMS = ["propane", "tires", "car_battery", "asbestos", "sharps", "garbage", "other"] as const;
export type RefusedItem = (typeof REFUSED_ITEMS)[number];

/** A Completed stop took at least one bag (none: mark it Missed) and at most this many. */
const BAGS_COLLECTED_MIN = 1;
const BAGS_COLLECTED_MAX = 10;
/** The note that says what "other" was. */
export const REFUSED_NOTE_MAX = 200;

export type LeftItem = { item: RefusedItem; note: string | null };
export type DoorOutcome = { bagsCollected: number; refused: LeftItem[] };

/** Each item's name on the pages (namespace "stops"). */
export function refusedItemLabelKey(item: RefusedItem) {
  return `stops:refused.items.${item}` as const;
}

/** Each item's line in the resident's e-mail: what it is and where to take it (namespace "emails"). */
export function refusedItemEmailKey(item: RefusedItem) {
  return `refused.${item}` as const;
}

export function isRefusedItem(value: unknown): value is RefusedItem {
  return REFUSED_ITEMS.includes(value as RefusedItem);
}

/** The bag counts a driver chooses from, 1..10. */
export function bagChoices(): number[] {
  return Array.from({ length: BAGS_COLLECTED_MAX - BAGS_COLLECTED_MIN + 1 }, (_, i) => BAGS_COLLECTED_MIN + i);
}

/** The prefilled count: the bags booked, kept within 1..10. */
export function defaultBagsCollected(bagsRequested: number): number {
  return Math.min(BAGS_COLLECTED_MAX, Math.max(BAGS_COLLECTED_MIN, Math.trunc(bagsRequested) || BAGS_COLLECTED_MIN));
}

/** The "stops" keys of a refused door outcome (stops:errors.*). */
type DoorProblem = "stops:errors.bagsCollected" | "stops:errors.refusedItem" | "stops:errors.refusedNote";

export type DoorInput = { bagsCollected?: unknown; refused?: unknown; note?: unknown };

/** The form fields of the door outcome (the driver's and the day sheet's confirm step). */
export const DOOR_FIELDS = { bags: "bagsCollected", refused: "refused", note: "refusedNote" } as const;

/** The door outcome's values as a plain form sent them (a box ticked is one `refused` value each). */
export function doorInputOf(form: Pick<FormData, "get" | "getAll">): DoorInput {
  return {
    bagsCollected: form.get(DOOR_FIELDS.bags),
    refused: form.getAll(DOOR_FIELDS.refused),
    note: form.get(DOOR_FIELDS.note),
  };
}

/** Whitespace runs made one space, control characters out, trimmed. */
function cleanNote(value: string): string {
  return value
    .replace(/[\p{Cc}\p{Cf}]/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The door outcome read from a form's values: the bags collected (a whole number 1..10; missing means
 * the bags booked), the refused items (each at most once, in the list's order; an unknown one refuses
 * the form), and the note of "other" (a typed note means "other" even if its box was not ticked;
 * "other" without a note, or a note over 200 characters, refuses the form).
 */
export function readDoorOutcome(
  input: DoorInput,
  bagsRequested: number,
): { ok: true; value: DoorOutcome } | { ok: false; problem: DoorProblem } {
  const rawBags = input.bagsCollected;
  let bagsCollected: number;
  if (rawBags === undefined || rawBags === null || rawBags === "") {
    bagsCollected = defaultBagsCollected(bagsRequested);
  } else {
    const text = typeof rawBags === "number" ? String(rawBags) : typeof rawBags === "string" ? rawBags.trim() : "";
    if (!/^\d{1,2}$/.test(text)) return { ok: false, problem: "stops:errors.bagsCollected" };
    bagsCollected = Number(text);
    if (bagsCollected < BAGS_COLLECTED_MIN || bagsCollected > BAGS_COLLECTED_MAX) {
      return { ok: false, problem: "stops:errors.bagsCollected" };
    }
  }
  const given: unknown = input.refused === undefined || input.refused === null ? [] : input.refused;
  const list: unknown[] = Array.isArray(given) ? given : [given];
  const items = list.filter(isRefusedItem);
  if (list.length > REFUSED_ITEMS.length * 2 || items.length !== list.length) {
    return { ok: false, problem: "stops:errors.refusedItem" };
  }
  if (input.note !== undefined && input.note !== null && typeof input.note !== "string") {
    return { ok: false, problem: "stops:errors.refusedNote" };
  }
  const note = typeof input.note === "string" ? cleanNote(input.note) : "";
  if (note.length > REFUSED_NOTE_MAX) return { ok: false, problem: "stops:errors.refusedNote" };
  const chosen = new Set<RefusedItem>(items);
  if (note) chosen.add("other");
  if (chosen.has("other") && !note) return { ok: false, problem: "stops:errors.refusedNote" };
  const refused = REFUSED_ITEMS.filter((item) => chosen.has(item)).map((item) => ({
    item,
    note: item === "other" ? note : null,
  }));
  return { ok: true, value: { bagsCollected, refused } };
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The Completed e-mail's bags: as booked ("4 bags"), fewer ("3 of your 4 bags") or more ("5 bags, 4
 * booked"); the bags booked when nothing was recorded. `t` is the "emails" namespace.
 */
export function bagsCollectedLabel(t: Translate, bagsRequested: number, bagsCollected: number | null): string {
  if (bagsCollected === null || bagsCollected === bagsRequested) return t("bags", { count: bagsRequested });
  return t(bagsCollected < bagsRequested ? "bagsFewer" : "bagsMore", {
    count: bagsCollected,
    booked: bagsRequested,
  });
}

/**
 * What was left at the door and where to take each instead, one line per item in the list's order, under
 * an intro line; "" when nothing was left. `t` is the "emails" namespace; "other" names its note.
 */
export function leftBehindText(t: Translate, items: readonly LeftItem[]): string {
  const ordered = REFUSED_ITEMS.flatMap((item) => items.filter((left) => left.item === item).slice(0, 1));
  if (!ordered.length) return "";
  const lines = ordered.map((left) => `• ${t(refusedItemEmailKey(left.item), { note: left.note ?? "" })}`);
  return [t("refused.intro", { count: ordered.length }), ...lines].join("\n");
}
