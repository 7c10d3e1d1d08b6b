// GET /admin/day.csv?date=YYYY-MM-DD: the day sheet as a spreadsheet, one row per pickup, in route order:
// each stop's sequence within its window and its position (columns sequence, latitude, longitude,
// approximate, named so in both languages for the tools that read them), and what the driver should know;
// issue 47: the bags collected at a Completed stop and what was left at its door.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { csvResponse } from "~/services/http/csv.server";
import { daySheet, daySheetFilename, sheetDate } from "~/services/admin/day.server";
import { getLanguage, getT } from "~/services/http/language.server";
import { windowLabel } from "~/lib/dates";
import type { LeftItem } from "~/lib/refused-items";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t, tDriver, tStops] = await Promise.all([
    getLanguage(request),
    getT(request, "admin"),
    getT(request, "driver"),
    getT(request, "stops"),
  ]);
  const date = sheetDate(new URL(request.url).searchParams.get("date"));
  const sheet = daySheet(date);
  const header = ["date", "window", "hours", "confirmation", "name", "email", "address", "postalArea", "bags", "status"]
    .map((c) => t(`day.csv.${c}`))
    .concat(["sequence", "latitude", "longitude", "approximate", tDriver("sheet.notes"), tDriver("sheet.phone")])
    .concat([t("day.csv.bagsCollected"), t("day.csv.refused")]);
  // Issue 47: what was left at a Completed stop's door, by name ("other" with its note), "; " between.
  const left = (items: LeftItem[]) =>
    items
      .map((l) => (l.note ? `${tStops(`refused.items.${l.item}`)}: ${l.note}` : tStops(`refused.items.${l.item}`)))
      .join("; ");
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
      p.bagsCollected ?? "",
      left(p.refused),
    ]),
  );
  return csvResponse(daySheetFilename(date), [header, ...rows]);
}
