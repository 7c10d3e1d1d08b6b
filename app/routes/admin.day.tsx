// The day sheet: a date's pickups grouped by window in route order (stop sequence, address, where the
// bags are, bags, confirmation number and resident), printable (print stylesheet) and downloadable as CSV; each scheduled pickup can be marked
// Completed or Missed from its day on, in two steps (issue 42: the button asks, `?confirm=<id>&mark=…`,
// Missed takes its reason there, the second POST marks); a marked one links to its correction.
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import printStyles from "~/components/admin/print.css";
import { DayPicker, DayWindow } from "~/components/admin/day-sheet";
import { Problem } from "~/components/admin/problem";
import { addDays, formatDate, windowLabel } from "~/lib/dates";
import { intlLocale } from "~/lib/i18n";
import { toInteger } from "~/lib/ids";
import { isStopMark } from "~/lib/stops";
import { doorInputOf } from "~/lib/refused-items";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  done,
  refused,
  samePage,
  unknownIntent,
  requireAdmin,
  daySheet,
  markPickup,
  sheetDate,
  getLanguage,
  getT,
  redirect,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "driver", "stops"] };
export const meta: MetaFunction = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles, media: "print" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const query = new URL(request.url).searchParams;
  const date = sheetDate(query.get("date"));
  const sheet = daySheet(date);
  const label = formatDate(date, lng);
  const confirmId = toInteger(query.get("confirm"));
  const mark = query.get("mark");
  const confirmable = sheet.windows.some((w) => w.pickups.some((p) => p.id === confirmId && p.status === "Scheduled"));
  return {
    confirm: sheet.canMark && confirmable && isStopMark(mark) ? { id: confirmId!, mark } : null,
    title: t("day.title", { date: label }),
    label,
    previous: addDays(date, -1),
    next: addDays(date, 1),
    ...sheet,
    windows: sheet.windows.map((w) => ({
      ...w,
      hours: windowLabel(w.window, lng),
      km: new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 1 }).format(w.lengthKm),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "mark" && intent !== "confirm") return unknownIntent(form);
  const pickupId = String(form.get("pickupId") ?? "");
  const mark = form.get("mark");
  // The first step only asks: the row's confirm step, nothing stored.
  if (intent === "mark" && isStopMark(mark) && toInteger(pickupId)) {
    const url = new URL(samePage(request), "http://x");
    url.searchParams.set("confirm", pickupId);
    url.searchParams.set("mark", mark);
    return redirect(`${url.pathname}${url.search}#pickup-${pickupId}`, 303);
  }
  try {
    const result = await markPickup(
      admin,
      pickupId,
      intent === "confirm" ? mark : null,
      undefined,
      form.get("reason"),
      "admin",
      doorInputOf(form),
    );
    const back = new URL(samePage(request), "http://x");
    back.searchParams.delete("confirm");
    back.searchParams.delete("mark");
    return done(
      request,
      `${back.pathname}${back.search}`,
      result.mark === "Missed" ? "stops:marked.missed" : "stops:marked.completed",
      "stops:marked.description",
      { confirmationNumber: result.confirmationNumber },
    );
  } catch (error) {
    return refused(error, form, `pickup-${pickupId}`);
  }
}

export default function DaySheetPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const hydrated = useHydrated();

  return (
    <div className="day-sheet space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t("day.title", { date: view.label })}</h1>
          <p className="mt-1 text-stone-700" data-testid="day-totals">
            {t("day.totals", { count: view.totalPickups, bags: view.totalBags })}
            {view.cancelled ? ` ${t("day.cancelledNote", { count: view.cancelled })}` : ""}
          </p>
        </div>
        <DayPicker date={view.date} previous={view.previous} next={view.next} />
      </div>

      <div className="admin-no-print flex flex-wrap items-center gap-3 print:hidden">
        {hydrated ? (
          <button type="button" className="btn-primary" onClick={() => window.print()}>
            {t("day.print")}
          </button>
        ) : (
          <p className="text-sm text-stone-700">{t("day.printHint")}</p>
        )}
        <a href={`/admin/day.csv?date=${view.date}`} className="btn-secondary" download data-testid="day-csv">
          {t("day.download")}
        </a>
      </div>
      <Problem reply={actionData} />

      {view.windows.map((w) => (
        <DayWindow
          key={w.window}
          sheet={w}
          canMark={view.canMark}
          reply={actionData}
          confirm={view.confirm}
          date={view.date}
        />
      ))}
      {!view.canMark && view.totalPickups ? (
        <p className="admin-no-print text-sm text-stone-600 print:hidden">{t("day.markLater")}</p>
      ) : null}
    </div>
  );
}
