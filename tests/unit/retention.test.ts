// Issue 34: the retention periods live in one module (lib/retention) and the privacy page states them from
// there: its texts carry placeholders, never a number of their own, in both languages (issue 43: a text
// about a kind of record with no period of its own, kept with the account, has no number at all). The
// cut-offs the daily job uses follow the same constants on a fixed clock; backups are kept as long as
// litestream.yml says and the page states.
import { describe, expect, it } from "vitest";
import fs from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import en from "~/locales/en/policy.json";
import fr from "~/locales/fr/policy.json";
import { daysMs, RETENTION, retentionCutoffs, yearsMs } from "~/lib/retention";

describe("retention periods", () => {
  it("are stated on the privacy page only through placeholders filled from lib/retention", () => {
    const periodic = ["account", "sessions", "links", "taxRecords", "waitlist", "incidents", "backups", "hostLogs"];
    for (const texts of [en.policy.retention, fr.policy.retention]) {
      for (const [kind, text] of Object.entries(texts)) {
        expect(text, kind).not.toMatch(/\d/);
        if (periodic.includes(kind)) expect(text, kind).toMatch(/\{\{(years|days|hours)\}\}/);
      }
      expect(Object.keys(texts)).toEqual(expect.arrayContaining(periodic));
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

  it("keep backups as long as Litestream's retention", () => {
    const config = parseYaml(fs.readFileSync(path.resolve(__dirname, "../../litestream.yml"), "utf8")) as {
      dbs: Array<{ replicas: Array<{ retention: string }> }>;
    };
    expect(config.dbs[0]!.replicas[0]!.retention).toBe(`${RETENTION.backupDays * 24}h`);
  });
});
