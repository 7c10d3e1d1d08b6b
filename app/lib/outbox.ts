// The outbox's rules, pure: when a message that failed is tried again, and what state a row is in.

const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;

/** After the 1st, 2nd, 3rd and 4th failure; then once a day. */
const RETRY_DELAYS_MS = [MINUTE, 5 * MINUTE, 30 * MINUTE, 2 * 60 * MINUTE];
/** No attempt is made later than this after the message was written: it stays failed. */
const GIVE_UP_AFTER_MS = 3 * DAY;

/**
 * When to try again after `attempts` failures (this one included), or null when the message is given up
 * (the next try would come more than three days after it was written).
 */
export function nextAttemptAt(attempts: number, createdAt: number, at: number): number | null {
  const next = at + (RETRY_DELAYS_MS[attempts - 1] ?? DAY);
  return next > createdAt + GIVE_UP_AFTER_MS ? null : next;
}

/** A message never tried that was written more than three days ago (SMTP_URL set late) is not sent. */
export function tooLateToSend(createdAt: number, at: number): boolean {
  return at > createdAt + GIVE_UP_AFTER_MS;
}

export const OUTBOX_STATUSES = ["queued", "sent", "failing", "expired", "unsent"] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/** Why the app did not send a message (issue 42): a text written while no text provider was configured. */
export type NotSentReason = "no-text-provider";

/**
 * unsent: the app did not send it and never will by itself (no text provider: `notSent` says why); never
 * "sent", never retried, not a failure. sent: delivered (body erased). expired: not sent and never will be
 * by itself (its link expired, its body was erased, or it failed for three days). failing: failed, tried
 * again at `nextAttemptAt`. queued: not tried yet.
 */
export function outboxStatus(row: {
  sentAt: number | null;
  text: string;
  attempts: number;
  nextAttemptAt: number | null;
  notSent?: NotSentReason | null;
}): OutboxStatus {
  if (row.notSent) return "unsent";
  if (row.sentAt !== null) return "sent";
  if (row.text === "" || (row.attempts > 0 && row.nextAttemptAt === null)) return "expired";
  return row.attempts > 0 ? "failing" : "queued";
}

/**
 * What an admin reads of a text (issue 42): a verification code's digits masked, for every admin; the
 * rest as written.
 */
export function adminTextOf(kind: string, text: string): string {
  return kind === "phone-code" ? text.replace(/\d{4,}/g, (digits) => "•".repeat(digits.length)) : text;
}

/** What an operator sets for texts to be sent (sms.server): named on /admin and /admin/outbox. */
export const TEXT_PROVIDER_VARIABLES = "TWILIO_ACCOUNT_SID, TWILIO_AUTH_TOKEN, TWILIO_FROM";
