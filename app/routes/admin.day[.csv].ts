// GET /admin/day.csv?date=YYYY-MM-DD: the day sheet as a spreadsheet, one row per pickup, in route order:
// each stop's sequence within its window and its position (columns sequence, latitude, longitude,
// approximate, named so in both languages for the tools that read them), and what the driver should know.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvResponse } from "~/services/http/csv.server";
import { daySheet, daySheetFilename, sheetDate } from "~/services/admin/day.server";
import { getLanguage, getT } from "~/services/http/language.server";
import { windowLabel } from "~/lib/dates";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t, tDriver] = await Promise.all([getLanguage(request), getT(request, "admin"), getT(request, "driver")]);
  const date = sheetDate(new URL(request.url).searchParams.get("date"));
  const sheet = daySheet(date);
  const header = ["date", "window", "hours", "confirmation", "name", "email", "address", "postalArea", "bags", "status"]
    .map((c) => t(`day.csv.${c}`))
    .concat(["sequence", "latitude", "longitude", "approximate", tDriver("sheet.notes"), tDriver("sheet.phone")]);
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
      p.sequence,
      p.latitude ?? "",
      p.longitude ?? "",
      p.approximate ? "yes" : "no",
      p.pickupNotes,
      p.phone ?? "",
    ]),
  );
  return csvResponse(daySheetFilename(date), [header, ...rows]);
}
