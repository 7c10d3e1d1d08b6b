// Issue 46 on the season seed, on a real SQLite file: the seed (refused in production, once per seed), the
// demand numbers against counts made directly in SQL, where to open next, and the accountant's money CSV
// against the sum of the month's receipts (a refund in a later month counted in the refund's month).
import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { monthRange, refundTaxes } from "~/lib/season";
import { createAdmin } from "~/services/accounts/accounts.server";
import { createUserSession } from "~/services/http/current-user.server";
import { demandReport, readDemandFilter } from "~/services/insights/demand.server";
import { moneyMonth } from "~/services/insights/money.server";
import { openNextRanking } from "~/services/insights/open-next.server";
import { SEASON_SERVED, SEASON_WAITING } from "~/services/ops/season-plan.server";
import { SeasonRefusedError, seedSeason } from "~/services/ops/season-seed.server";
import { sqlite } from "~/services/platform/db.server";

const AT = Date.parse("2026-11-27T17:00:00Z");
let summary: ReturnType<typeof seedSeason>;

beforeAll(() => {
  setNow(AT);
  summary = seedSeason({ seed: 46, at: AT });
});
afterAll(() => setNow(null));

const one = <T>(sql: string, ...params: unknown[]) =>
  sqlite()
    .prepare(sql)
    .get(...params) as T;
const all = <T>(sql: string, ...params: unknown[]) =>
  sqlite()
    .prepare(sql)
    .all(...params) as T[];

describe("the season seed", () => {
  it("is refused in production, and writes a season once per seed", () => {
    expect(() => seedSeason({ nodeEnv: "production", at: AT })).toThrow(SeasonRefusedError);
    expect(summary.skipped).toBe(false);
    expect(summary.pickups).toBeGreaterThan(2000);
    expect(seedSeason({ seed: 46, at: AT }).skipped).toBe(true);
    const served = all<{ fsa: string }>("select fsa from service_prefixes where active = 1").map((r) => r.fsa);
    expect(served.sort()).toEqual([...SEASON_SERVED].sort());
    const waiting = all<{ fsa: string }>("select distinct fsa from waitlist_entries").map((r) => r.fsa);
    expect(waiting.sort()).toEqual([...SEASON_WAITING].sort());
  });

  it("writes what a real booking writes: a payment per pickup, refunds on it, slots counting their places", () => {
    const mismatched = one<{ n: number }>(
      `select count(*) as n from pickup_requests r join payments p on p.id = r.payment_id
       where p.amount_cents <> r.total_cents or p.refunded_cents <> coalesce(r.refund_cents, 0)
          or r.gst_cents + r.qst_cents + r.subtotal_cents <> r.total_cents`,
    ).n;
    expect(mismatched).toBe(0);
    const wrongPlaces = one<{ n: number }>(
      `select count(*) as n from pickup_slots s where s.current_booked <>
         (select count(*) from pickup_requests r where r.pickup_slot_id = s.id and r.status <> 'Cancelled')`,
    ).n;
    expect(wrongPlaces).toBe(0);
    const overfull = one<{ n: number }>("select count(*) as n from pickup_slots where current_booked > max_capacity").n;
    expect(overfull).toBe(0);
    const statuses = all<{ status: string }>("select distinct status from pickup_requests").map((r) => r.status);
    expect(statuses.sort()).toEqual(["Cancelled", "Completed", "Missed", "Scheduled"]);
    expect(one<{ n: number }>("select count(*) as n from promo_redemptions").n).toBeGreaterThan(50);
    expect(
      one<{ n: number }>("select count(*) as n from pickup_requests where modified_at is not null").n,
    ).toBeGreaterThan(100);
  });
});

describe("demand", () => {
  const filter = readDemandFilter(new URLSearchParams(), AT);

  it("counts bookings per week as SQL does, past and booked ahead", () => {
    const report = demandReport(filter, AT);
    const direct = all<{ week: string; booked: number; cancelled: number }>(
      `select date(s.date, '-6 days', 'weekday 1') as week, sum(r.status <> 'Cancelled') as booked,
         sum(r.status = 'Cancelled') as cancelled
       from pickup_requests r join pickup_slots s on s.id = r.pickup_slot_id
       where s.date between ? and ? group by week order by week`,
      filter.from,
      filter.to,
    );
    expect(
      report.weeks
        .filter((w) => w.booked + w.cancelled > 0)
        .map(({ week, booked, cancelled }) => ({ week, booked, cancelled })),
    ).toEqual(direct);
    expect(report.weeks).toHaveLength(16);
    // 12 past weeks, then this week (not over yet) and the three after it: four weeks booked ahead.
    expect(report.weeks.filter((w) => !w.past).length).toBe(4);
    const h2x = report.weeks.reduce((s, w) => s + (w.byPrefix.H2X ?? 0), 0);
    expect(h2x).toBe(
      one<{ n: number }>(
        `select count(*) as n from pickup_requests r join pickup_slots s on s.id = r.pickup_slot_id
         where s.date between ? and ? and r.postal_fsa = 'H2X' and r.status <> 'Cancelled'`,
        filter.from,
        filter.to,
      ).n,
    );
  });

  it("gives each weekday and window its fill rate: booked ÷ capacity of the open slots", () => {
    const report = demandReport(filter, AT);
    const direct = all<{ weekday: number; window: string; booked: number; capacity: number }>(
      `select cast(strftime('%w', s.date) as integer) as weekday, s.window as window, sum(s.max_capacity) as capacity,
         sum((select count(*) from pickup_requests r where r.pickup_slot_id = s.id and r.status <> 'Cancelled')) as booked
       from pickup_slots s where s.date between ? and ? and s.closed = 0 group by weekday, s.window`,
      filter.from,
      filter.to,
    );
    for (const d of direct) {
      const cell = report.fill.find((f) => f.weekday % 7 === d.weekday && f.window === d.window)!;
      expect(cell).toMatchObject({ booked: d.booked, capacity: d.capacity });
      expect(cell.rate).toBeCloseTo(d.booked / d.capacity, 10);
    }
    // Sundays have no slot: no rate (not 0 %), and the row is left out.
    expect(report.fill.some((f) => f.weekday === 7)).toBe(false);
  });

  it("gives the cancellation, move and Missed rates as SQL counts them, and the filter narrows to a prefix", () => {
    const narrowed = readDemandFilter(new URLSearchParams({ fsa: "h2j", from: filter.from, to: filter.to }), AT);
    expect(narrowed.fsa).toBe("H2J");
    for (const f of [filter, narrowed]) {
      const report = demandReport(f, AT);
      const d = one<{ all: number; cancelled: number; moved: number; missed: number; done: number }>(
        `select count(*) as "all", sum(r.status = 'Cancelled') as cancelled, sum(r.modified_at is not null) as moved,
           sum(r.status = 'Missed') as missed, sum(r.status in ('Missed', 'Completed')) as done
         from pickup_requests r join pickup_slots s on s.id = r.pickup_slot_id
         where s.date between ? and ? and (? is null or r.postal_fsa = ?)`,
        f.from,
        f.to,
        f.fsa,
        f.fsa,
      );
      expect(report.rates).toMatchObject({ bookings: d.all, cancelled: d.cancelled, moved: d.moved, missed: d.missed });
      expect(report.rates.cancellationRate).toBeCloseTo(d.cancelled / d.all, 10);
      expect(report.rates.moveRate).toBeCloseTo(d.moved / d.all, 10);
      expect(report.rates.missedRate).toBeCloseTo(d.missed / d.done, 10);
    }
    const empty = demandReport(readDemandFilter(new URLSearchParams({ from: "2020-01-06", to: "2020-01-12" }), AT), AT);
    expect(empty.rates).toMatchObject({ bookings: 0, cancellationRate: null, moveRate: null, missedRate: null });
  });

  it("follows each unserved prefix's waitlist as it grows, and ranks where to open next", () => {
    const report = demandReport(filter, AT);
    const direct = all<{ fsa: string; n: number }>(
      "select fsa, count(*) as n from waitlist_entries where notified_at is null group by fsa order by n desc, fsa",
    );
    expect(report.waitlists.map((w) => ({ fsa: w.fsa, n: w.waiting }))).toEqual(direct);
    for (const w of report.waitlists) {
      expect(w.weekly[w.weekly.length - 1]).toBe(w.waiting);
      expect(w.weekly.every((n, i) => i === 0 || n >= w.weekly[i - 1])).toBe(true);
    }
    const ranking = openNextRanking(AT);
    expect(ranking.map((r) => r.fsa).sort()).toEqual([...SEASON_WAITING].sort());
    expect(ranking.every((r, i) => i === 0 || r.score <= ranking[i - 1].score)).toBe(true);
    expect(ranking.every((r) => r.nearestKm !== null && r.estimatePerWeek !== null && r.estimatePerWeek > 0)).toBe(
      true,
    );
    const joined = one<{ n: number }>(
      "select count(*) as n from waitlist_entries where fsa = ? and created_at > ?",
      ranking[0].fsa,
      AT - 28 * 86_400_000,
    ).n;
    expect(ranking[0].joinedLast4Weeks).toBe(joined);
  });
});

describe("money", () => {
  async function adminCookie() {
    const admin = await createAdmin(`books-${Date.now()}@recircle-admin.ca`, "a-long-admin-passphrase");
    return (await createUserSession(admin.id)).get("Set-Cookie")!.split(";")[0]!;
  }

  it("the accountant's CSV adds up to the month's receipts to the cent", async () => {
    const { loader } = await import("~/routes/admin.money[.csv]");
    const cookie = await adminCookie();
    const month = "2026-11";
    const response = await loader({
      request: new Request(`http://localhost/admin/money.csv?month=${month}`, {
        headers: { Cookie: cookie, "Accept-Language": "en-CA" },
      }),
      params: {},
      context: {},
    });
    expect(response.status).toBe(200);
    const rows = parse((await response.text()).replace(/^\uFEFF/, ""), { relax_column_count: true }) as string[][];
    const lines = rows.slice(1).filter((r) => r[1] === "Payment" || r[1] === "Refund");
    const cents = (s: string) => Math.round(Number(s) * 100);
    const sum = (col: number, kind?: string) =>
      lines.filter((r) => !kind || r[1] === kind).reduce((s, r) => s + cents(r[col]), 0);

    // Every receipt of the month: the pickups paid in it, and the refunds sent in it (whenever paid).
    const { start, end } = monthRange(month);
    const paid = one<{ total: number; gst: number; qst: number; n: number }>(
      `select sum(total_cents) as total, sum(gst_cents) as gst, sum(qst_cents) as qst, count(*) as n
       from pickup_requests where created_at >= ? and created_at < ?`,
      start,
      end,
    );
    const refunds = all<{
      totalCents: number;
      gstCents: number;
      qstCents: number;
      refundCents: number;
      createdAt: number;
    }>(
      `select total_cents as totalCents, gst_cents as gstCents, qst_cents as qstCents, refund_cents as refundCents,
         created_at as createdAt
       from pickup_requests where refund_cents > 0 and refund_status <> 'failed'
         and case when remedy = 'refund' then remedy_at else cancelled_at end >= ?
         and case when remedy = 'refund' then remedy_at else cancelled_at end < ?`,
      start,
      end,
    );
    const refunded = refunds.reduce((s, r) => s + r.refundCents, 0);
    const refundGst = refunds.reduce((s, r) => s + refundTaxes(r, r.refundCents).gstCents, 0);
    const refundQst = refunds.reduce((s, r) => s + refundTaxes(r, r.refundCents).qstCents, 0);
    expect(refunds.some((r) => r.createdAt < start)).toBe(true); // a refund of a payment of October

    expect(lines.filter((r) => r[1] === "Payment")).toHaveLength(paid.n);
    expect(sum(3, "Payment")).toBe(paid.total);
    expect(-sum(3, "Refund")).toBe(refunded);
    expect(sum(4)).toBe(paid.gst - refundGst);
    expect(sum(5)).toBe(paid.qst - refundQst);
    const totals = rows.find((r) => r[0] === "Totals")!;
    expect(cents(totals[3])).toBe(paid.total - refunded);
    expect(cents(totals[4])).toBe(paid.gst - refundGst);
    expect(cents(totals[5])).toBe(paid.qst - refundQst);
    expect(cents(rows.find((r) => r[0] === "Gross paid")![3])).toBe(paid.total);

    const service = moneyMonth(month).totals;
    expect(service.grossCents).toBe(paid.total);
    expect(service.refundCents).toBe(refunded);
    expect(service.feesKeptCents).toBe(
      one<{ n: number }>(
        `select sum(total_cents - refund_cents) as n from pickup_requests
         where status = 'Cancelled' and cancelled_at >= ? and cancelled_at < ?`,
        start,
        end,
      ).n,
    );
  });

  it("hostile filters fall back to the season, an unknown table answers 400: never 500", async () => {
    const hostile = readDemandFilter(
      new URLSearchParams({ from: "<script>", to: "2026-02-31", fsa: "'; drop table users; --" }),
      AT,
    );
    expect(hostile).toEqual(readDemandFilter(new URLSearchParams(), AT));
    const wide = readDemandFilter(new URLSearchParams({ from: "1900-01-01", to: "2999-12-31" }), AT);
    expect(Date.parse(wide.to) - Date.parse(wide.from)).toBeLessThanOrEqual(400 * 86_400_000);
    const { loader } = await import("~/routes/admin.demand[.csv]");
    const cookie = await adminCookie();
    for (const table of ["", "../etc", "weeks'--", "x".repeat(5000)]) {
      const response = await loader({
        request: new Request(`http://localhost/admin/demand.csv?table=${encodeURIComponent(table)}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(400);
    }
  });

  it("a month that is not YYYY-MM answers 400 with a message, never 500", async () => {
    const { loader } = await import("~/routes/admin.money[.csv]");
    const cookie = await adminCookie();
    for (const month of ["2026-13", "x", "", "2026-11-01", "9999-99"]) {
      const response = await loader({
        request: new Request(`http://localhost/admin/money.csv?month=${encodeURIComponent(month)}`, {
          headers: { Cookie: cookie },
        }),
        params: {},
        context: {},
      });
      expect(response.status).toBe(400);
      // In the asker's language (French by default): never a stack trace.
      expect(await response.text()).toMatch(/AAAA-MM, par exemple 2026-11/);
    }
  });
});
