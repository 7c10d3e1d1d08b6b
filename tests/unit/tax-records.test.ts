// Issue 43 part 5: a deleted account's de-identified tax records are purged six years after the end of their
// tax year, the calendar year in Montreal time: a record of 2026 is kept through 2032 and purged from
// 2033-01-01 00:00 Montreal time (05:00 UTC), whatever the UTC date says.
import { describe, expect, it } from "vitest";
import { taxRecordsPurgeBefore } from "~/lib/tax-records";

const at = (iso: string) => Date.parse(iso);

describe("taxRecordsPurgeBefore", () => {
  it("is the start of the tax year six years back, in Montreal time", () => {
    expect(taxRecordsPurgeBefore(at("2033-01-01T00:00:00-05:00"))).toBe(at("2027-01-01T00:00:00-05:00"));
    expect(taxRecordsPurgeBefore(at("2033-07-15T12:00:00-04:00"))).toBe(at("2027-01-01T00:00:00-05:00"));
    expect(taxRecordsPurgeBefore(at("2032-12-31T23:59:59-05:00"))).toBe(at("2026-01-01T00:00:00-05:00"));
  });

  it("purges a record of the last minute of 2026 (Montreal) from 2033-01-01, not a minute before", () => {
    const lastOf2026 = at("2026-12-31T23:59:00-05:00"); // 2027-01-01 04:59 UTC: still 2026 in Montreal
    expect(lastOf2026 < taxRecordsPurgeBefore(at("2033-01-01T00:00:00-05:00"))).toBe(true);
    expect(lastOf2026 < taxRecordsPurgeBefore(at("2032-12-31T23:59:59-05:00"))).toBe(false);
    const firstOf2027 = at("2027-01-01T00:00:00-05:00");
    expect(firstOf2027 < taxRecordsPurgeBefore(at("2033-01-01T00:00:00-05:00"))).toBe(false);
  });
});
