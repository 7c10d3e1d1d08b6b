// Money (issue 46 part 4), read from the receipts (the pickup rows: what was paid, its promo discount and
// taxes, and the refund): per week and per month, gross paid (at the order's time), refunds (at the
// refund's time: a cancellation's, or the remedy's of a pickup we missed), the fees kept on cancellations,
// promo discounts, and GST and QST collected net of the taxes inside the refunds (lib/season refundTaxes).
// A refund in a later month than its payment counts in the refund's month. A refund the provider refused
// (failed, retried hourly) is not counted until it goes through, like the payment row's refunded cents.
import { addDays } from "~/lib/dates";
import { monthRange, monthsBetween, periodIndex, refundTaxes, startOfDate, weeksBetween } from "~/lib/season";
import { sqlite } from "~/services/platform/db.server";

export type MoneyEvent = {
  kind: "payment" | "refund";
  at: number;
  confirmationNumber: string;
  /** Positive for a payment, negative for a refund. */
  totalCents: number;
  gstCents: number;
  qstCents: number;
  promoDiscountCents: number;
  feeKeptCents: number;
};

type Receipt = {
  confirmationNumber: string;
  status: string;
  createdAt: number;
  totalCents: number;
  gstCents: number;
  qstCents: number;
  promoDiscountCents: number;
  refundCents: number | null;
  refundStatus: string | null;
  refundAt: number | null;
};

const RECEIPT_COLUMNS = `confirmation_number as confirmationNumber, status, created_at as createdAt, total_cents as totalCents,
  gst_cents as gstCents, qst_cents as qstCents, promo_discount_cents as promoDiscountCents, refund_cents as refundCents,
  refund_status as refundStatus, case when remedy = 'refund' then remedy_at else cancelled_at end as refundAt`;

/** Every money event from `start` to before `end`: the payments made and the refunds sent in that time. */
function moneyEvents(start: number, end: number): MoneyEvent[] {
  const paid = sqlite()
    .prepare(
      `select ${RECEIPT_COLUMNS} from pickup_requests where created_at >= ? and created_at < ? order by created_at, id`,
    )
    .all(start, end) as Receipt[];
  const refunded = sqlite()
    .prepare(
      `select ${RECEIPT_COLUMNS} from pickup_requests
       where (cancelled_at >= ? and cancelled_at < ? and status = 'Cancelled')
          or (remedy = 'refund' and remedy_at >= ? and remedy_at < ?)
       order by refundAt, id`,
    )
    .all(start, end, start, end) as Receipt[];
  const events: MoneyEvent[] = paid.map((r) => ({
    kind: "payment",
    at: r.createdAt,
    confirmationNumber: r.confirmationNumber,
    totalCents: r.totalCents,
    gstCents: r.gstCents,
    qstCents: r.qstCents,
    promoDiscountCents: r.promoDiscountCents,
    feeKeptCents: 0,
  }));
  for (const r of refunded) {
    const counted = r.refundStatus !== "failed" ? Math.max(0, r.refundCents ?? 0) : 0;
    const taxes = refundTaxes(r, counted);
    const feeKeptCents = r.status === "Cancelled" && r.refundStatus !== "failed" ? r.totalCents - counted : 0;
    if (counted === 0 && feeKeptCents === 0) continue;
    events.push({
      kind: "refund",
      at: r.refundAt!,
      confirmationNumber: r.confirmationNumber,
      totalCents: -counted,
      gstCents: -taxes.gstCents,
      qstCents: -taxes.qstCents,
      promoDiscountCents: 0,
      feeKeptCents,
    });
  }
  return events.sort((a, b) => a.at - b.at || a.confirmationNumber.localeCompare(b.confirmationNumber));
}

export type MoneyTotals = {
  grossCents: number;
  refundCents: number;
  netCents: number;
  feesKeptCents: number;
  promoDiscountCents: number;
  gstCents: number;
  qstCents: number;
  payments: number;
  refunds: number;
};

function totalsOf(events: MoneyEvent[]): MoneyTotals {
  const t: MoneyTotals = { grossCents: 0, refundCents: 0, netCents: 0, feesKeptCents: 0, promoDiscountCents: 0, gstCents: 0, qstCents: 0, payments: 0, refunds: 0 }; // prettier-ignore
  for (const e of events) {
    if (e.kind === "payment") {
      t.grossCents += e.totalCents;
      t.payments += 1;
    } else {
      t.refundCents -= e.totalCents;
      t.refunds += 1;
    }
    t.feesKeptCents += e.feeKeptCents;
    t.promoDiscountCents += e.promoDiscountCents;
    t.gstCents += e.gstCents;
    t.qstCents += e.qstCents;
  }
  t.netCents = t.grossCents - t.refundCents;
  return t;
}

/** A month's totals and its events (the accountant's CSV). */
export function moneyMonth(month: string) {
  const { start, end } = monthRange(month);
  const events = moneyEvents(start, end);
  return { month, events, totals: totalsOf(events) };
}

/** Per week (Monday to Sunday) and per month of the range, in Montreal time. */
export function moneyReport(from: string, to: string) {
  const weeks = weeksBetween(from, to);
  const months = monthsBetween(from, to);
  const weekStarts = [...weeks, addDays(weeks[weeks.length - 1], 7)].map(startOfDate);
  const monthStarts = [...months.map((m) => monthRange(m).start), monthRange(months[months.length - 1]).end];
  const start = Math.min(weekStarts[0], monthStarts[0]);
  const end = Math.max(weekStarts[weekStarts.length - 1], monthStarts[monthStarts.length - 1]);
  const events = moneyEvents(start, end);
  const byWeek = weeks.map(() => [] as MoneyEvent[]);
  const byMonth = months.map(() => [] as MoneyEvent[]);
  for (const e of events) {
    const w = periodIndex(e.at, weekStarts);
    if (w >= 0) byWeek[w].push(e);
    const m = periodIndex(e.at, monthStarts);
    if (m >= 0) byMonth[m].push(e);
  }
  return {
    weeks: weeks.map((week, i) => ({ week, ...totalsOf(byWeek[i]) })),
    months: months.map((month, i) => ({ month, ...totalsOf(byMonth[i]) })),
  };
}
