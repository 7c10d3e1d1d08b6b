// GET /admin/waitlist.csv: the waitlist entries (same filters as the page), as a spreadsheet.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { REASON_KEYS } from "~/components/admin/labels";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvDateTime, csvResponse } from "~/services/http/csv.server";
import { allWaitlistEntries, readWaitlistFilter } from "~/services/admin/waitlist-summary.server";
import { getT } from "~/services/http/language.server";
import { dateKey } from "~/lib/dates";
import { now } from "~/lib/clock";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "admin");
  const filter = readWaitlistFilter(new URL(request.url).searchParams);
  const header = ["name", "email", "prefix", "reason", "language", "joined", "notified"].map((c) =>
    t(`waitlist.csv.${c}`),
  );
  const rows = allWaitlistEntries(filter).map((e) => [
    e.name,
    e.email,
    e.fsa,
    t(REASON_KEYS[e.reason] ?? e.reason),
    e.locale,
    csvDateTime(e.createdAt),
    csvDateTime(e.notifiedAt),
  ]);
  return csvResponse(`waitlist-${filter.fsa || "all"}-${dateKey(now())}.csv`, [header, ...rows]);
}
