// /driver: the driver's day on a phone (issue 36). Each window's stops in route order from the depot,
// stop by stop, with Completed / Missed buttons that work without JavaScript and send the same e-mails as
// the admin's day sheet (the same markPickup). Drivers and admins only; never a resident's e-mail or payment.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RouteStop } from "~/components/driver/route-stop";
import { addDays, formatDate, windowLabel } from "~/lib/dates";
import { intlLocale } from "~/lib/i18n";
import { titleMeta } from "~/lib/meta";
import {
  AdminError,
  driverRoute,
  getLanguage,
  getT,
  markPickup,
  nextStopAfter,
  readForm,
  redirectWithToast,
  requireDriver,
  sheetDate,
} from "~/services/http/pages.server";
import { toInteger } from "~/lib/ids";

export const handle = { i18n: ["common", "admin", "driver"] };
export const meta: MetaFunction = titleMeta;

const pagePath = (date: string) => `/driver?date=${date}`;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireDriver(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "driver")]);
  const date = sheetDate(new URL(request.url).searchParams.get("date"));
  const route = driverRoute(date);
  const km = new Intl.NumberFormat(intlLocale(lng), { maximumFractionDigits: 1 });
  const label = formatDate(date, lng);
  return {
    title: t("route.title", { date: label }),
    label,
    date,
    previous: addDays(date, -1),
    next: addDays(date, 1),
    canMark: route.canMark,
    windows: route.windows.map((w) => ({ ...w, hours: windowLabel(w.window, lng), km: km.format(w.lengthKm) })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const driver = await requireDriver(request);
  const form = await readForm(request);
  const date = sheetDate(new URL(request.url).searchParams.get("date"));
  const pickupId = toInteger(form.get("pickupId"));
  if (form.get("intent") !== "mark" || pickupId === null) {
    return redirectWithToast(request, pagePath(date), { title: "admin:day.markInvalid", type: "error" });
  }
  try {
    const result = await markPickup(driver, pickupId, form.get("mark"));
    const next = nextStopAfter(driverRoute(result.date), pickupId);
    const missed = result.mark === "Missed";
    return redirectWithToast(request, `${pagePath(result.date)}${next ? `#stop-${next}` : `#stop-${pickupId}`}`, {
      title: missed ? "admin:day.markedMissed" : "admin:day.markedCompleted",
      description: missed ? "admin:day.markedMissedDescription" : undefined,
      values: { confirmationNumber: result.confirmationNumber },
    });
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    return redirectWithToast(request, `${pagePath(date)}#stop-${pickupId}`, {
      title: `admin:${error.key}`,
      values: error.values,
      type: "error",
    });
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
                  <RouteStop key={stop.id} stop={stop} canMark={view.canMark} action={pagePath(view.date)} />
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
