// How long each kind of personal information is kept (issue 34, Law 25): the one place these periods
// live. The retention job (services/privacy/retention.server) applies them and the privacy page states
// them from here, so the page cannot say one thing while the job does another.

const DAY_MS = 86_400_000;

export const RETENTION = {
  /** An account nobody signed in to for this long is deleted (after a warning, below). */
  unusedAccountYears: 3,
  /** The e-mail warning goes out this many days before an unused account is deleted. */
  unusedAccountWarningDays: 30,
  /** A waitlist entry is erased once its area opened and it was told, or after this long at most. */
  waitlistYears: 2,
  /**
   * Pickups and payments are kept for tax records this long after the end of their tax year (the calendar
   * year, in Montreal), de-identified once the account is deleted; then purged (lib/tax-records).
   */
  taxRecordYears: 6,
  /** The host's access logs (address, page, time) are kept this long. */
  accessLogDays: 30,
  /** Backups hold everything, deleted accounts included, this long (litestream.yml's retention; a test compares). */
  backupDays: 7,
  /** The register of confidentiality incidents is kept at least this long (Regulation, s. 7). */
  incidentRegisterYears: 5,
  /** A session ends after this long (and its browser and last-seen time with it). */
  sessionDays: 30,
  /** A password-reset link works for this long; its e-mail's body is erased after. */
  resetLinkHours: 1,
} as const;

/** Years as milliseconds, counted as 365-day years (the job runs daily: a day either way is immaterial). */
export function yearsMs(years: number) {
  return years * 365 * DAY_MS;
}

export function daysMs(days: number) {
  return days * DAY_MS;
}

/** The instants before which each kind is due at `at`. */
export function retentionCutoffs(at: number) {
  const unusedBefore = at - yearsMs(RETENTION.unusedAccountYears);
  return {
    /** Unused since before this: warned now (the deletion comes 30 days later). */
    warnUnusedBefore: unusedBefore + daysMs(RETENTION.unusedAccountWarningDays),
    /** Unused since before this, and warned at least 30 days ago: deleted now. */
    deleteUnusedBefore: unusedBefore,
    warnedBefore: at - daysMs(RETENTION.unusedAccountWarningDays),
    waitlistBefore: at - yearsMs(RETENTION.waitlistYears),
  };
}
