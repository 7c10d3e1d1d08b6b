// Issue 34: the retention periods live in one module (lib/retention) and the privacy page states them from
// there: its texts carry placeholders, never a number of their own, in both languages. The cut-offs the
// daily job uses follow the same constants on a fixed clock.
import { describe, expect, it } from "vitest";
import en from "~/locales/en/privacy.json";
import fr from "~/locales/fr/privacy.json";
import { daysMs, RETENTION, retentionCutoffs, yearsMs } from "~/lib/retention";

describe("retention periods", () => {
  it("are stated on the privacy page only through placeholders filled from lib/retention", () => {
    for (const texts of [en.privacy.retention, fr.privacy.retention]) {
      for (const [kind, text] of Object.entries(texts)) {
        expect(text, kind).not.toMatch(/\d/);
        expect(text, kind).toMatch(/\{\{(years|days|hours)\}\}/);
      }
    }
  });

  it("give the job's cut-offs on a fixed clock", () => {
    const at = Date.UTC(2030, 5, 1, 12);
    const cut = retentionCutoffs(at);
    expect(at - cut.deleteUnusedBefore).toBe(yearsMs(3));
    expect(cut.warnUnusedBefore - cut.deleteUnusedBefore).toBe(daysMs(30));
    expect(at - cut.warnedBefore).toBe(daysMs(30));
    expect(at - cut.waitlistBefore).toBe(yearsMs(2));
    expect(RETENTION).toMatchObject({ unusedAccountYears: 3, taxRecordYears: 6, accessLogDays: 30, waitlistYears: 2 });
  });
});
