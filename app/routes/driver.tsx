// /driver: the driver's day on a phone (issue 36). Each window's stops in route order from the depot,
// stop by stop, with Completed / Missed buttons that work without JavaScript and send the same e-mails as
// the admin's day sheet (the same markPickup). Drivers and admins only; never a resident's e-mail or payment.
// Issue 42: a button asks first (POST → 303 → the stop's confirm step, `?confirm=<id>&mark=…`; Missed
// takes its reason there), the second POST marks; the driver may undo their own mark for 10 minutes.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteStop } from "~/components/driver/route-stop";
import { addDays, formatDate, windowLabel } from "~/lib/dates";
import { formatTime } from "~/lib/format";
import { isStopMark } from "~/lib/stops";
import { intlLocale } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import {
  AdminError,
  driverDay,
  driverRoute,
  getLanguage,
  getT,
  markPickup,
  nextStopAfter,
  readForm,
  redirect,
  redirectWithToast,
  requireDriver,
  sheetDate,
  undoPickupMark,
} from "~/services/http/pages.server";
import { toInteger } from "~/lib/ids";
import { doorInputOf } from "~/lib/refused-items";

export const handle = { i18n: ["common", "admin", "driver", "stops"] };
export const meta: MetaFunction = titleMeta;

const pagePath = (date: string) => `/driver?date=${date}`;

export async function loader({ request }: LoaderFunctionArgs) {
  const driver = await requireDriver(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "driver")]);
  const query = new URL(request.url).searchParams;
  const date = sheetDate(query.get("date"));
  const { route, undoUntil } = driverDay(driver.id, date);
  const km = new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 1 });
  const label = formatDate(date, lng);
  // The confirm step of one stop, when it is still scheduled and can be marked.
  const confirmId = toInteger(query.get("confirm"));
  const mark = query.get("mark");
  const confirmable = route.windows.some((w) => w.stops.some((s) => s.id === confirmId && s.status === "Scheduled"));
  return {
    title: t("route.title", { date: label }),
    label,
    date,
    previous: addDays(date, -1),
    next: addDays(date, 1),
    canMark: route.canMark,
    confirm: route.canMark && confirmable && isStopMark(mark) ? { id: confirmId!, mark } : null,
    undoUntil: Object.fromEntries(Object.entries(undoUntil).map(([id, until]) => [id, formatTime(until, lng)])),
    windows: route.windows.map((w) => ({ ...w, hours: windowLabel(w.window, lng), km: km.format(w.lengthKm) })),
  };
}

/** A refused mark or undo as a toast on the stop (stops:errors.* keys name their namespace). */
function refusedToast(request: Request, to: string, error: AdminError) {
  return redirectWithToast(request, to, {
    title: error.key.includes(":") ? error.key : `admin:${error.key}`,
    values: error.values,
    type: "error",
  });
}

export async function action({ request }: ActionFunctionArgs) {
  const driver = await requireDriver(request);
  const form = await readForm(request);
  const date = sheetDate(new URL(request.url).searchParams.get("date"));
  const pickupId = toInteger(form.get("pickupId"));
  const intent = form.get("intent");
  const mark = form.get("mark");
  if (pickupId === null || (intent !== "mark" && intent !== "confirm" && intent !== "undo")) {
    return redirectWithToast(request, pagePath(date), { title: "stops:errors.markInvalid", type: "error" });
  }
  // The first step only asks: the stop's confirm step, nothing stored.
  if (intent === "mark") {
    if (!isStopMark(mark))
      return redirectWithToast(request, pagePath(date), { title: "stops:errors.markInvalid", type: "error" });
    return redirect(`${pagePath(date)}&confirm=${pickupId}&mark=${mark}#stop-${pickupId}`, 303);
  }
  try {
    if (intent === "undo") {
      const undone = undoPickupMark(driver, pickupId, "driver");
      return redirectWithToast(request, `${pagePath(undone.date)}#stop-${pickupId}`, {
        title: "stops:undo.done",
        description: "stops:undo.doneDescription",
        values: { confirmationNumber: undone.confirmationNumber },
      });
    }
    const result = await markPickup(driver, pickupId, mark, undefined, form.get("reason"), "driver", doorInputOf(form));
    const next = nextStopAfter(driverRoute(result.date), pickupId);
    return redirectWithToast(request, `${pagePath(result.date)}${next ? `#stop-${next}` : `#stop-${pickupId}`}`, {
      title: result.mark === "Missed" ? "stops:marked.missed" : "stops:marked.completed",
      description: "stops:marked.description",
      values: { confirmationNumber: result.confirmationNumber },
    });
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    const back = intent === "confirm" && isStopMark(mark) ? `&confirm=${pickupId}&mark=${mark}` : "";
    return refusedToast(request, `${pagePath(date)}${back}#stop-${pickupId}`, error);
  }
}

export default function DriverDay() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation(["driver", "admin"]);
  return (
    <div className="space-y-4">
      <nav aria-label={t("nav.label")} className="flex flex-wrap items-center gap-2" data-testid="driver-nav">
        <Link to={`?date=${view.previous}`} className="btn-secondary" aria-label={t("admin:day.previousLabel")}>
          ←
        </Link>
        <Link to="/driver" className="btn-secondary">
          {t("nav.route")}
        </Link>
        <Link to={`?date=${view.next}`} className="btn-secondary" aria-label={t("admin:day.nextLabel")}>
          →
        </Link>
      </nav>
      <div>
        <h1 className="page-title">{t("route.title", { date: view.label })}</h1>
        <p className="mt-1 text-stone-700">{t("route.intro")}</p>
      </div>
      {view.windows.map((w) => (
        <section key={w.window} aria-labelledby={`route-${w.window}`} data-window={w.window} className="space-y-2">
          <h2 id={`route-${w.window}`} className="text-lg font-semibold">
            {t("route.windowTitle", { window: t(`admin:window.${w.window}`), hours: w.hours })}
          </h2>
          {w.stops.length ? (
            <>
              <p className="text-stone-700">{t("route.summary", { count: w.stops.length, km: w.km })}</p>
              <ol className="space-y-3">
                {w.stops.map((stop) => (
                  <RouteStop
                    key={stop.id}
                    stop={stop}
                    canMark={view.canMark}
                    action={pagePath(view.date)}
                    confirm={view.confirm?.id === stop.id ? view.confirm.mark : null}
                    undoUntil={view.undoUntil[stop.id] ?? null}
                  />
                ))}
              </ol>
            </>
          ) : (
            <p className="text-stone-600">{t("route.empty")}</p>
          )}
        </section>
      ))}
      {!view.canMark ? <p className="text-sm text-stone-600">{t("route.notYet")}</p> : null}
    </div>
  );
}
