// When a de-identified tax record is purged (issue 43 part 5): six years after the end of its tax year, the
// calendar year in Montreal time. A record of 2026 is kept through 2032 and purged from 2033-01-01 00:00
// Montreal time. A record's year is that of its last money event (booked, paid, cancelled, refunded).
// Server-only (Luxon): the privacy page states the period from lib/retention.
import { DateTime } from "luxon";
import { ZONE } from "./format";
import { RETENTION } from "./retention";

/** At `at`, records whose last money event is before this instant are due to be purged. */
export function taxRecordsPurgeBefore(at: number): number {
  return DateTime.fromMillis(at, { zone: ZONE }).startOf("year").minus({ years: RETENTION.taxRecordYears }).toMillis();
}
