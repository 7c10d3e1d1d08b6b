// What a driver records at a stop, as pure rules shared by the server and the pages (issue 42 parts 1-2):
// the two marks, the reasons a pickup can be Missed (four kinds, "our fault" with its cause), the
// 10-minute window in which a driver may undo their own mark (and before which no e-mail leaves), and
// the 14 days in which a pickup we missed by our fault can be rebooked for free.

const STOP_MARKS = ["Completed", "Missed"] as const;
export type StopMark = (typeof STOP_MARKS)[number];

/**
 * Why a pickup was Missed: the resident's side (bags not out, no access, only refused items) or ours
 * (`our-fault-*`: the truck, the staff, the weather, a closure). Stored as written here.
 */
export const MISSED_REASONS = [
  "bags-not-out",
  "no-access",
  "refused-items",
  "our-fault-truck",
  "our-fault-staff",
  "our-fault-weather",
  "our-fault-closure",
] as const;
export type MissedReason = (typeof MISSED_REASONS)[number];

/** A driver may undo their own mark for this long; the resident's e-mail waits as long. */
export const UNDO_WINDOW_MS = 10 * 60 * 1000;
/** A free rebook after "our fault": any open window of the next 14 days. */
export const REBOOK_DAYS = 14;

export function isStopMark(value: unknown): value is StopMark {
  return STOP_MARKS.includes(value as StopMark);
}

export function isMissedReason(value: unknown): value is MissedReason {
  return MISSED_REASONS.includes(value as MissedReason);
}

/** Missed by our fault: the resident is owed a free rebook or a full refund. */
export function isOurFault(reason: string | null | undefined): boolean {
  return typeof reason === "string" && reason.startsWith("our-fault-") && isMissedReason(reason);
}

/** When a mark made at `markedAt` can no longer be undone by its driver (and its e-mail is due). */
export function undoDeadline(markedAt: number): number {
  return markedAt + UNDO_WINDOW_MS;
}

/** The driver's undo is open strictly before the deadline; at the deadline the mark is final for them. */
export function canUndo(markedAt: number, at: number): boolean {
  return at >= markedAt && at < undoDeadline(markedAt);
}

/**
 * A mark's status and reason, read from a form's values: Completed takes no reason, Missed needs one of
 * the reasons. Null when the pair is not a valid mark.
 */
export function readMark(
  mark: unknown,
  reason: unknown,
): { mark: "Completed"; reason: null } | { mark: "Missed"; reason: MissedReason } | null {
  if (mark === "Completed") return { mark, reason: null };
  if (mark === "Missed" && isMissedReason(reason)) return { mark, reason };
  return null;
}
