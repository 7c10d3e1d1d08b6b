// GET /admin/day.csv?date=YYYY-MM-DD: the day sheet as a spreadsheet, one row per pickup.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvResponse } from "~/services/http/csv.server";
import { daySheet, daySheetFilename, sheetDate } from "~/services/admin/day.server";
import { getLanguage, getT } from "~/services/http/i18n.server";
import { windowLabel } from "~/lib/dates";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const date = sheetDate(new URL(request.url).searchParams.get("date"));
  const sheet = daySheet(date);
  const header = [
    "date",
    "window",
    "hours",
    "confirmation",
    "name",
    "email",
    "address",
    "postalArea",
    "bags",
    "status",
  ].map((c) => t(`day.csv.${c}`));
  const rows = sheet.windows.flatMap((w) =>
    w.pickups.map((p) => [
      date,
      t(`window.${w.window}`),
      windowLabel(w.window, lng),
      p.confirmationNumber,
      p.name,
      p.email,
      p.address,
      p.postalFsa,
      p.bags,
      t(`status.${p.status}`),
    ]),
  );
  return csvResponse(daySheetFilename(date), [header, ...rows]);
}
