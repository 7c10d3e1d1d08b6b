// GET /admin/money.csv?month=2026-11: the accountant's month (issue 46 part 4), one line per payment made
// and per refund sent in the month (Montreal time), amounts in dollars, then the totals: gross paid,
// refunds, net, the fees kept, promo discounts, GST and QST net of refunds. The lines add up to the
// receipts of the month to the cent. A month that is not YYYY-MM answers 400 with a message.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvDateTime, csvResponse, type CsvCell } from "~/services/http/csv.server";
import { getT } from "~/services/http/language.server";
import { moneyMonth } from "~/services/insights/money.server";
import { parseMonth } from "~/lib/season";

/** Cents as dollars: a number (a cell starting with "-" as text would be taken for a formula). */
const dollars = (cents: number): number => cents / 100;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "insights");
  const month = parseMonth(new URL(request.url).searchParams.get("month"));
  if (!month) {
    return new Response(t("money.badMonth"), { status: 400, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const { events, totals } = moneyMonth(month);
  const c = (key: string) => t(`money.csv.${key}`);
  const rows: CsvCell[][] = [
    [c("date"), c("kind"), c("confirmation"), c("total"), c("gst"), c("qst"), c("promo"), c("fee")],
    ...events.map((e) => [
      csvDateTime(e.at),
      c(e.kind),
      e.confirmationNumber,
      dollars(e.totalCents),
      dollars(e.gstCents),
      dollars(e.qstCents),
      dollars(e.promoDiscountCents),
      dollars(e.feeKeptCents),
    ]),
    [],
    [
      c("totals"),
      "",
      "",
      dollars(totals.netCents),
      dollars(totals.gstCents),
      dollars(totals.qstCents),
      dollars(totals.promoDiscountCents),
      dollars(totals.feesKeptCents),
    ],
    [c("gross"), "", "", dollars(totals.grossCents)],
    [c("refunds"), "", "", dollars(-totals.refundCents)],
    [c("net"), "", "", dollars(totals.netCents)],
  ];
  return csvResponse(`money-${month}.csv`, rows);
}
