// GET /admin/promo-codes.csv: the codes listed on the promo codes page (same filters), as a spreadsheet.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvDateTime, csvResponse } from "~/services/http/csv.server";
import { allCodes, readCodeFilter } from "~/services/admin/promo-codes.server";
import { getT } from "~/services/http/language.server";
import { dateKey } from "~/lib/dates";
import { now } from "~/lib/clock";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "admin");
  const filter = readCodeFilter(new URL(request.url).searchParams);
  const rows = allCodes(filter).map((code) => [
    code.code,
    code.percent,
    t(`codes.statuses.${code.status}`),
    csvDateTime(code.createdAt),
    csvDateTime(code.expiresAt),
    code.redeemedBy,
    csvDateTime(code.redeemedAt),
  ]);
  const header = ["code", "percent", "status", "created", "expires", "redeemedBy", "redeemedAt"].map((c) =>
    t(`codes.csv.${c}`),
  );
  const name = filter.batch
    ? `promo-codes-${csvDateTime(filter.batch).replace(/[ :]/g, "-")}.csv`
    : `promo-codes-${dateKey(now())}.csv`;
  return csvResponse(name, [header, ...rows]);
}
