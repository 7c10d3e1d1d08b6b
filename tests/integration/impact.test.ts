// Issue 47 parts 2-5 on a real SQLite file: a day's intake spread over its Completed pickups (bags collected,
// else booked); a correction (kept with who and why, every share recomputed); /admin/diversion and its CSV
// equal to the intake records; a deleted account's share still counted, detached from the person; the
// export's impact rows; the season seed's intakes; the intake page for admins only, garbage answered 4xx.
import { parse } from "csv-parse/sync";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { totalOf } from "~/lib/impact-estimate";
import { action as intakeAction, loader as intakeLoader } from "~/routes/admin.intake";
import { loader as diversionCsv } from "~/routes/admin.diversion[.csv]";
import { createAdmin } from "~/services/accounts/accounts.server";
import { createUserSession } from "~/services/http/current-user.server";
import { diversionReport, readDiversionFilter, seasonDiverted } from "~/services/impact/diversion.server";
import { completedOf, estimatesFor } from "~/services/impact/estimates.server";
import { impactExport } from "~/services/impact/impact-export.server";
import { IntakeError, correctIntake, intakeDay, recordIntake } from "~/services/impact/intake.server";
import { residentImpact } from "~/services/impact/resident-impact.server";
import { seedSeason } from "~/services/ops/season-seed.server";
import { db, schema, sqlite } from "~/services/platform/db.server";
import { deleteAccount } from "~/services/privacy/deletion.server";
import { impactLine } from "~/services/stops/impact-line.server";
import type { User } from "../../db/schema";
import { ensureSeeded, resident } from "./fixtures";

const AT = Date.parse("2026-11-27T17:00:00Z");
let admin: User;
let n = 0;

beforeAll(async () => {
  setNow(AT);
  ensureSeeded();
  admin = await createAdmin(`depot-${Date.now()}@recircle-admin.ca`, "ops-admin-pass-12");
});
afterAll(() => setNow(null));

/** A past slot of its own (a date no other test uses). */
function pastSlot(date: string): number {
  const row = sqlite()
    .prepare(
      `insert into pickup_slots (date, window, starts_at, ends_at, max_capacity, current_booked, service_areas, created_at)
       values (?, 'morning', ?, ?, 20, 0, '[]', ?) on conflict(date, window) do update set max_capacity = 20 returning id`,
    )
    .get(date, Date.parse(`${date}T13:00:00Z`), Date.parse(`${date}T17:00:00Z`), AT) as { id: number };
  return row.id;
}

/** A pickup as the door leaves it: Completed (or another status), bags booked and collected. */
function pickup(user: User, slotId: number, bags: number, collected: number | null, status = "Completed") {
  n += 1;
  const cn = `RC-2026-IMP${String(n).padStart(3, "0")}`;
  const row = sqlite()
    .prepare(
      `insert into pickup_requests (confirmation_number, user_id, pickup_slot_id, bags_requested, bags_collected,
         list_price_cents, subtotal_cents, gst_cents, qst_cents, total_cents, address, postal_fsa, status, created_at, updated_at)
       values (?, ?, ?, ?, ?, 2000, 2000, 100, 200, 2300, ?, ?, ?, ?, ?) returning id`,
    )
    .get(cn, user.id, slotId, bags, collected, user.streetAddress, user.postalFsa, status, AT - 86_400_000, AT) as {
    id: number;
  };
  return { id: row.id, cn };
}

describe("a day's intake spread over its pickups", () => {
  it("gives each Completed pickup its share in proportion to its bags, adding up to the day's figure", async () => {
    const date = "2026-09-01";
    const slotId = pastSlot(date);
    const [a, b, c] = [await resident(), await resident({ postalCode: "H2T 1X3" }), await resident()];
    const three = pickup(a, slotId, 4, 3); // 3 of 4 bags collected
    const one = pickup(b, slotId, 1, null); // not recorded: its booked bag counts
    pickup(c, slotId, 2, null, "Missed"); // not collected: no share
    recordIntake(
      date,
      [
        { category: "batteries", kgTenths: 100, partnerId: null },
        { category: "household_paint", kgTenths: 33, partnerId: null },
      ],
      admin.id,
    );
    const [mine] = estimatesFor(completedOf(a.id)).filter((e) => e.date === date);
    expect(mine).toMatchObject({ source: "intake", bags: 3, shares: { batteries: 75, household_paint: 25 } });
    const [theirs] = estimatesFor(completedOf(b.id)).filter((e) => e.date === date);
    expect(theirs.shares).toEqual({ batteries: 25, household_paint: 8 });
    expect(totalOf(mine.shares) + totalOf(theirs.shares)).toBe(133);
    expect(completedOf(c.id)).toEqual([]);
    expect(three.id).not.toBe(one.id);

    const page = residentImpact(a.id, "fr", AT);
    expect(page.allTime).toMatchObject({ pickups: 1, bags: 3, kgTenths: 100, fromAverages: 0 });
    expect(page.seasonTotals.kgTenths).toBe(100);
    expect(page.allTime.categories.map((x) => [x.category, x.kgTenths])).toEqual([
      ["batteries", 75],
      ["household_paint", 25],
    ]);
  });

  it("estimates a day without intake from the per-bag averages of the 8 weeks before it, labelled so", async () => {
    const weighed = "2026-06-02";
    const slotId = pastSlot(weighed);
    const someone = await resident();
    pickup(someone, slotId, 4, 4);
    recordIntake(weighed, [{ category: "shoes", kgTenths: 80, partnerId: null }], admin.id);
    const later = "2026-06-16";
    const me = await resident();
    pickup(me, pastSlot(later), 2, 2);
    const [estimate] = estimatesFor(completedOf(me.id));
    expect(estimate.source).toBe("average");
    // 8.0 kg over the 4 bags of the only weighed day in the window: 2.0 kg a bag of shoes.
    expect(estimate.shares.shoes).toBe(40);
    expect(residentImpact(me.id, "en", AT).allTime.fromAverages).toBe(1);
    // The thank-you e-mail's line says the same estimate.
    expect(impactLine("en", later, 2)).toContain("4.0 kg");
    expect(impactLine("fr", later, 2)).toContain("4,0 kg");
    expect(impactLine("en", "2020-01-01", 2)).not.toMatch(/kg out/);
  });
});

describe("a correction", () => {
  it("changes the record, keeps the previous figures with who and why, and recomputes every share", async () => {
    const date = "2026-09-08";
    const slotId = pastSlot(date);
    const [a, b] = [await resident(), await resident()];
    pickup(a, slotId, 2, 2);
    pickup(b, slotId, 2, 2);
    const [record] = recordIntake(date, [{ category: "batteries", kgTenths: 50, partnerId: null }], admin.id);
    expect(estimatesFor(completedOf(a.id))[0].shares.batteries).toBe(25);
    expect(() => recordIntake(date, [{ category: "batteries", kgTenths: 60, partnerId: null }], admin.id)).toThrow(
      IntakeError,
    );

    correctIntake(record!.id, { kgTenths: 61, partnerId: null, reason: "Scale was off" }, admin.id, AT + 1000);
    const [day] = intakeDay(date);
    expect(day).toMatchObject({ kgTenths: 61, version: 2 });
    expect(day.corrections).toMatchObject([
      { previousKgTenths: 50, kgTenths: 61, reason: "Scale was off", correctedBy: admin.id, correctedAt: AT + 1000 },
    ]);
    const shares = [a, b].map((u) => estimatesFor(completedOf(u.id))[0].shares.batteries);
    expect(shares.sort()).toEqual([30, 31]);

    expect(() => correctIntake(record!.id, { kgTenths: 61, partnerId: null, reason: "same" }, admin.id)).toThrow(
      IntakeError,
    );
    expect(() => correctIntake(record!.id, { kgTenths: 70, partnerId: null, reason: " " }, admin.id)).toThrow(
      IntakeError,
    );
    expect(() => correctIntake(999_999, { kgTenths: 70, partnerId: null, reason: "x" }, admin.id)).toThrow(IntakeError);
    expect(intakeDay(date)[0].corrections).toHaveLength(1);
  });
});

describe("the diversion page and its CSV", () => {
  it("add up to the intake records, per month, category, partner and prefix, and the CSV equals them", async () => {
    const filter = readDiversionFilter(new URLSearchParams({ from: "2026-08-01", to: "2026-09-30" }), AT);
    const report = diversionReport(filter, "en");
    const direct = sqlite()
      .prepare("select sum(kg_tenths) as total from intake_records where date between ? and ?")
      .get(filter.from, filter.to) as { total: number };
    expect(report.totalKgTenths).toBe(direct.total);
    const sum = (rows: Array<{ kgTenths: number }>) => rows.reduce((s, r) => s + r.kgTenths, 0);
    expect(sum(report.months)).toBe(direct.total);
    expect(sum(report.categories)).toBe(direct.total);
    expect(sum(report.partners)).toBe(direct.total);
    expect(sum(report.prefixes) + report.unattributedKgTenths).toBe(direct.total);
    expect(report.prefixes.find((p) => p.key === "H2T")?.kgTenths).toBe(33);

    const cookie = (await createUserSession(admin.id)).get("Set-Cookie")!.split(";")[0]!;
    const response = (await (diversionCsv as (a: LoaderFunctionArgs) => Promise<Response>)({
      request: new Request(`http://localhost/admin/diversion.csv?from=${filter.from}&to=${filter.to}`, {
        headers: { Cookie: cookie },
      }),
      params: {},
      context: {},
    })) as Response;
    expect(response.status).toBe(200);
    const rows = parse((await response.text()).replace(/^\uFEFF/, ""), { relax_column_count: true }) as string[][];
    const lines = rows.slice(1).filter((r) => /^\d{4}-\d{2}-\d{2}$/.test(r[0] ?? ""));
    const total = rows.find((r) => r[0] === "Total")!;
    const tenths = (kg: string) => Math.round(Number(kg) * 10);
    expect(lines.reduce((s, r) => s + tenths(r[4]!), 0)).toBe(direct.total);
    expect(tenths(total[4]!)).toBe(direct.total);

    const bad = (await (diversionCsv as (a: LoaderFunctionArgs) => Promise<Response>)({
      request: new Request("http://localhost/admin/diversion.csv?from=2026-13-45", { headers: { Cookie: cookie } }),
      params: {},
      context: {},
    })) as Response;
    expect(bad.status).toBe(400);
  });
});

describe("a deleted account", () => {
  it("keeps its pickup's share in the totals, detached from the person, and its export had the rows", async () => {
    const date = "2026-09-15";
    const slotId = pastSlot(date);
    const leaving = await resident({ postalCode: "H2W 1A1" });
    const staying = await resident();
    const gone = pickup(leaving, slotId, 4, 3);
    pickup(staying, slotId, 1, 1);
    recordIntake(date, [{ category: "textiles_and_clothing", kgTenths: 100, partnerId: null }], admin.id);
    const filter = { from: date, to: date };
    expect(impactExport(leaving.id)).toMatchObject([
      { pickup: gone.cn, bags: 3, kilograms: { textiles_and_clothing: 7.5 } },
    ]);
    const before = diversionReport(filter, "en");

    await deleteAccount(leaving, "sorting-day-1");
    const row = db
      .select()
      .from(schema.pickupRequests)
      .all()
      .find((p) => p.id === gone.id)!;
    expect(row).toMatchObject({ address: "", bagsCollected: 3, status: "Completed", postalFsa: "H2W" });
    const after = diversionReport(filter, "en");
    expect(after).toEqual(before);
    expect(after.prefixes.find((p) => p.key === "H2W")?.kgTenths).toBe(75);
    // The person is gone: the tombstone has no impact of its own to show, the share stays in the day.
    expect(estimatesFor(completedOf(staying.id))[0].shares.textiles_and_clothing).toBe(25);
  });
});

describe("/admin/intake", () => {
  type Handler = (args: ActionFunctionArgs & LoaderFunctionArgs) => unknown;
  async function call(handler: Handler, cookie: string, body?: Record<string, string>, search = "") {
    const request = new Request(`http://localhost/admin/intake${search}`, {
      method: body ? "POST" : "GET",
      headers: { Cookie: cookie, "Accept-Language": "fr-CA" },
      body: body ? new URLSearchParams(body) : undefined,
    });
    try {
      const result = await handler({ request, params: {}, context: {} });
      if (result instanceof Response) return result.status;
      return (result as { init?: ResponseInit | null }).init?.status ?? 200;
    } catch (thrown) {
      if (thrown instanceof Response) return thrown.status;
      return (thrown as { init?: ResponseInit | null }).init?.status ?? 500;
    }
  }

  it("is for admins only (a driver gets 403), records French decimals, and answers garbage with a 4xx", async () => {
    const cookie = (await createUserSession(admin.id)).get("Set-Cookie")!.split(";")[0]!;
    const driver = await createAdmin(`driver-${Date.now()}@recircle-admin.ca`, "ops-driver-pass-12", "driver");
    const driverCookie = (await createUserSession(driver.id)).get("Set-Cookie")!.split(";")[0]!;
    expect(await call(intakeLoader as Handler, driverCookie)).toBe(403);
    expect(await call(intakeAction as Handler, driverCookie, { intent: "record", date: "2026-09-22" })).toBe(403);
    expect(await call(intakeLoader as Handler, cookie, undefined, "?date=garbage")).toBe(200);

    const recorded = await call(intakeAction as Handler, cookie, {
      intent: "record",
      date: "2026-09-22",
      "kg-batteries": "12,5",
      "kg-shoes": "",
    });
    expect(recorded).toBe(302);
    expect(intakeDay("2026-09-22").map((r) => [r.category, r.kgTenths, r.recordedBy])).toEqual([
      ["batteries", 125, admin.id],
    ]);
    const garbages: Array<Record<string, string>> = [
      { intent: "record", date: "2026-09-23", "kg-batteries": "douze" },
      { intent: "record", date: "2026-09-23" },
      { intent: "record", date: "2099-01-01", "kg-batteries": "1" },
      { intent: "record", date: "not-a-date", "kg-batteries": "1" },
      { intent: "record", date: "2026-09-22", "kg-batteries": "1" },
      { intent: "record", date: "2026-09-23", "kg-batteries": "1", "partner-batteries": "999999" },
      { intent: "correct", id: "abc", kg: "1", reason: "x" },
      { intent: "correct", id: "999999", kg: "1", reason: "x" },
      { intent: "correct", id: String(intakeDay("2026-09-22")[0].id), kg: "-1", reason: "x" },
      { intent: "explode" },
    ];
    for (const garbage of garbages) {
      const status = await call(intakeAction as Handler, cookie, garbage);
      expect(status, JSON.stringify(garbage)).toBeGreaterThanOrEqual(400);
      expect(status).toBeLessThan(500);
    }
    expect(intakeDay("2026-09-23")).toEqual([]);
  });
});

describe("the season seed", () => {
  it("includes the depot's partners and intakes, one correction, and leaves the last days to the averages", () => {
    const summary = seedSeason({ seed: 147, at: AT });
    expect(summary.intakes).toBeGreaterThan(100);
    const partners = sqlite().prepare("select count(*) as n from partners").get() as { n: number };
    expect(partners.n).toBeGreaterThanOrEqual(6);
    const corrections = sqlite().prepare("select count(*) as n from intake_corrections").get() as { n: number };
    expect(corrections.n).toBeGreaterThanOrEqual(1);
    expect(seasonDiverted(AT).kgTenths).toBeGreaterThan(0);
    const latest = sqlite().prepare("select max(date) as d from intake_records").get() as { d: string };
    expect(latest.d <= "2026-11-24").toBe(true);
  });
});
