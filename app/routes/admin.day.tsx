// The day sheet: a date's pickups grouped by window with address, bags, confirmation number and
// resident, printable (print stylesheet) and downloadable as CSV; each scheduled pickup can be marked
// Completed or Missed from its day on (Missed e-mails the resident a link to book again).
import type { ActionFunctionArgs, LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import printStyles from "~/components/admin/print.css";
import { Badge, Problem, tableClass, tdClass, thClass, TableScroll } from "~/components/admin/ui";
import { addDays, formatDate, windowLabel } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { adminForm, done, refused, samePage, unknownIntent } from "~/services/http/admin-actions.server";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { daySheet, markPickup, sheetDate } from "~/services/admin/day.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;
export const links: LinksFunction = () => [{ rel: "stylesheet", href: printStyles, media: "print" }];

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  const date = sheetDate(new URL(request.url).searchParams.get("date"));
  const sheet = daySheet(date);
  const label = formatDate(date, lng);
  return {
    title: t("day.title", { date: label }),
    label,
    previous: addDays(date, -1),
    next: addDays(date, 1),
    ...sheet,
    windows: sheet.windows.map((w) => ({ ...w, hours: windowLabel(w.window, lng) })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "mark") return unknownIntent();
  const pickupId = String(form.get("pickupId") ?? "");
  try {
    const result = await markPickup(admin, pickupId, form.get("mark"));
    const title = result.mark === "Missed" ? "day.markedMissed" : "day.markedCompleted";
    return done(
      request,
      samePage(request),
      title,
      result.mark === "Missed" ? "day.markedMissedDescription" : undefined,
      {
        confirmationNumber: result.confirmationNumber,
      },
    );
  } catch (error) {
    return refused(error, `pickup-${pickupId}`);
  }
}

export default function DaySheetPage() {
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const hydrated = useHydrated();
  const busy = useNavigation().state === "submitting";

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
        <div className="admin-no-print flex flex-wrap items-end gap-2 print:hidden">
          <Form method="get" className="flex items-end gap-2">
            <div>
              <label htmlFor="date" className="field-label">
                {t("day.date")}
              </label>
              <input
                id="date"
                name="date"
                type="date"
                defaultValue={view.date}
                key={view.date}
                className="field-input mt-1"
                required
              />
            </div>
            <button type="submit" className="btn-secondary">
              {t("day.show")}
            </button>
          </Form>
          <Link to={`?date=${view.previous}`} className="btn-secondary" aria-label={t("day.previousLabel")}>
            ←
          </Link>
          <Link to={`?date=${view.next}`} className="btn-secondary" aria-label={t("day.nextLabel")}>
            →
          </Link>
        </div>
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
      <Problem problem={actionData?.problem} />

      {view.windows.map((w) => (
        <section key={w.window} aria-labelledby={`window-${w.window}`} className="card" data-window={w.window}>
          <h2 id={`window-${w.window}`} className="text-lg font-semibold">
            {t(`window.${w.window}`)} · {w.hours}{" "}
            <span className="text-base font-normal text-stone-600">
              {t("day.windowTotals", { count: w.pickups.length, bags: w.bags })}
            </span>
          </h2>
          {w.pickups.length ? (
            <TableScroll label={t(`window.${w.window}`)} className="mt-2">
              <table className={tableClass}>
                <thead>
                  <tr>
                    <th scope="col" className={thClass}>
                      #
                    </th>
                    <th scope="col" className={thClass}>
                      {t("day.address")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("day.bags")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("day.confirmation")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("day.resident")}
                    </th>
                    <th scope="col" className={thClass}>
                      {t("day.status")}
                    </th>
                    <th scope="col" className={`${thClass} admin-no-print print:hidden`}>
                      {t("day.actions")}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-100">
                  {w.pickups.map((p, i) => (
                    <tr key={p.id} data-testid="pickup-row" data-confirmation={p.confirmationNumber}>
                      <td className={`${tdClass} tabular-nums`}>{i + 1}</td>
                      <td className={`${tdClass} font-medium`}>{p.address}</td>
                      <td className={`${tdClass} tabular-nums`}>{p.bags}</td>
                      <td className={`${tdClass} whitespace-nowrap font-mono`}>{p.confirmationNumber}</td>
                      <td className={tdClass}>
                        <div>{p.name || "—"}</div>
                        <div className="break-all text-xs text-stone-600">{p.email}</div>
                      </td>
                      <td className={tdClass} data-testid="pickup-status">
                        <Badge tone={p.status}>{t(`status.${p.status}`)}</Badge>
                      </td>
                      <td className={`${tdClass} admin-no-print print:hidden`}>
                        {p.status === "Scheduled" && view.canMark ? (
                          <Form method="post" className="flex flex-wrap gap-2">
                            <input type="hidden" name="intent" value="mark" />
                            <input type="hidden" name="pickupId" value={p.id} />
                            <button
                              type="submit"
                              name="mark"
                              value="Completed"
                              className="btn-secondary min-h-[40px] px-3 text-sm"
                              disabled={busy}
                              aria-label={t("day.markCompletedLabel", { confirmationNumber: p.confirmationNumber })}
                            >
                              {t("day.markCompleted")}
                            </button>
                            <button
                              type="submit"
                              name="mark"
                              value="Missed"
                              className="btn-secondary min-h-[40px] px-3 text-sm text-amber-900"
                              disabled={busy}
                              aria-label={t("day.markMissedLabel", { confirmationNumber: p.confirmationNumber })}
                            >
                              {t("day.markMissed")}
                            </button>
                          </Form>
                        ) : null}
                        <Problem problem={actionData?.problem} target={`pickup-${p.id}`} />
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableScroll>
          ) : (
            <p className="mt-1 text-stone-600">{t("day.emptyWindow")}</p>
          )}
        </section>
      ))}
      {!view.canMark && view.totalPickups ? (
        <p className="admin-no-print text-sm text-stone-600 print:hidden">{t("day.markLater")}</p>
      ) : null}
    </div>
  );
}
