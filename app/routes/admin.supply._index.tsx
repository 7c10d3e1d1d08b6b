// The slots of the coming weeks: booked / capacity per date and window, changing a slot's capacity
// (never below what is booked), closing a date (after a confirmation page) or reopening it, and
// generating the slots ahead from the weekly template.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge, Problem, tableClass, tdClass, TableScroll, TableHead } from "~/components/admin/ui";
import { formatDate } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import { adminForm, done, refused, samePage, unknownIntent } from "~/services/http/admin-actions.server";
import { requireAdmin } from "~/services/http/admin-auth.server";
import { toDateKey } from "~/services/admin/errors.server";
import { applyTemplate, MAX_CAPACITY, reopenDate, setSlotCapacity, slotsAhead } from "~/services/admin/supply.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";
import { WEEKS_AHEAD } from "~/services/booking/slot-supply.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t] = await Promise.all([getLanguage(request), getT(request, "admin")]);
  return {
    title: t("supply.slots.title"),
    weeks: WEEKS_AHEAD,
    maxCapacity: MAX_CAPACITY,
    dates: slotsAhead().map((d) => ({
      ...d,
      label: formatDate(d.date, lng, "short"),
      longLabel: formatDate(d.date, lng),
    })),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  switch (intent) {
    case "capacity": {
      const slotId = String(form.get("slotId") ?? "");
      try {
        const slot = setSlotCapacity(admin, slotId, form.get("capacity"));
        return done(request, samePage(request), "supply.slots.capacitySaved", "supply.slots.capacitySavedDescription", {
          date: slot.date,
          capacity: slot.maxCapacity,
        });
      } catch (error) {
        return refused(error, `slot-${slotId}`, { slotId, capacity: String(form.get("capacity") ?? "") });
      }
    }
    case "reopen": {
      const date = toDateKey(form.get("date")) ?? "";
      try {
        reopenDate(admin, date);
        return done(request, samePage(request), "supply.slots.reopened", undefined, { date });
      } catch (error) {
        return refused(error, `date-${date}`);
      }
    }
    case "regenerate": {
      const summary = applyTemplate(admin);
      return done(
        request,
        samePage(request),
        "supply.slots.regenerated",
        "supply.slots.regeneratedDescription",
        summary,
      );
    }
    default:
      return unknownIntent();
  }
}

export default function SupplySlots() {
  const { dates, weeks, maxCapacity } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="page-title">{t("supply.slots.title")}</h1>
          <p className="mt-1 max-w-2xl text-stone-700">{t("supply.slots.intro", { count: weeks })}</p>
        </div>
        <Form method="post">
          <button type="submit" name="intent" value="regenerate" className="btn-secondary" disabled={busy}>
            {t("supply.slots.regenerate")}
          </button>
        </Form>
      </div>
      <Problem problem={actionData?.problem} />

      {dates.length ? (
        <TableScroll label={t("supply.slots.title")} className="card p-0">
          <table className={tableClass} data-testid="slots">
            <TableHead
              className="bg-stone-50"
              columns={[
                t("supply.slots.date"),
                t("supply.slots.window"),
                t("supply.slots.booked"),
                t("supply.slots.areas"),
                t("supply.slots.capacity"),
                t("supply.slots.dateActions"),
              ]}
            />
            {dates.map((day) => (
              <tbody key={day.date} className="border-t-2 border-stone-200" data-date={day.date}>
                {day.slots.map((slot, i) => (
                  <tr
                    key={slot.id}
                    data-slot-id={slot.id}
                    className={slot.closed ? "bg-stone-50 text-stone-500" : undefined}
                  >
                    {i === 0 ? (
                      <th
                        scope="rowgroup"
                        rowSpan={day.slots.length}
                        className={`${tdClass} whitespace-nowrap font-semibold`}
                      >
                        <span title={day.longLabel}>{day.label}</span>
                        {day.closed ? (
                          <span className="ml-2">
                            <Badge tone="closed">{t("supply.slots.closed")}</Badge>
                          </span>
                        ) : null}
                      </th>
                    ) : null}
                    <td className={tdClass}>{t(`window.${slot.window}`)}</td>
                    <td className={`${tdClass} tabular-nums`} data-testid="slot-booked">
                      {slot.currentBooked} / {slot.maxCapacity}
                    </td>
                    <td className={`${tdClass} max-w-[16rem]`}>
                      {slot.prefixes.length ? (
                        slot.prefixes.join(", ")
                      ) : (
                        <span className="text-stone-600">{t("supply.allAreas")}</span>
                      )}
                    </td>
                    <td className={tdClass}>
                      <Form method="post" className="flex items-center gap-2" noValidate>
                        <input type="hidden" name="slotId" value={slot.id} />
                        <label htmlFor={`capacity-${slot.id}`} className="sr-only">
                          {t("supply.slots.capacityLabel", { date: day.label, window: t(`window.${slot.window}`) })}
                        </label>
                        <input
                          id={`capacity-${slot.id}`}
                          name="capacity"
                          type="number"
                          inputMode="numeric"
                          min={slot.currentBooked}
                          max={maxCapacity}
                          defaultValue={
                            actionData?.values?.slotId === String(slot.id)
                              ? actionData.values.capacity
                              : slot.maxCapacity
                          }
                          className="field-input mt-0 w-24"
                          aria-invalid={actionData?.problem?.target === `slot-${slot.id}` ? true : undefined}
                        />
                        <button
                          type="submit"
                          name="intent"
                          value="capacity"
                          className="btn-secondary min-h-[40px] px-3 text-sm"
                        >
                          {t("supply.slots.save")}
                        </button>
                      </Form>
                      <Problem problem={actionData?.problem} target={`slot-${slot.id}`} />
                    </td>
                    {i === 0 ? (
                      <td rowSpan={day.slots.length} className={tdClass}>
                        {day.closed ? (
                          <div className="space-y-2">
                            {day.scheduled ? (
                              <Link to={`/admin/supply/close?date=${day.date}`} className="btn-link block text-sm">
                                {t("supply.slots.followUp", { count: day.scheduled })}
                              </Link>
                            ) : null}
                            <Form method="post">
                              <input type="hidden" name="date" value={day.date} />
                              <button
                                type="submit"
                                name="intent"
                                value="reopen"
                                className="btn-secondary min-h-[40px] px-3 text-sm"
                              >
                                {t("supply.slots.reopen")}
                              </button>
                            </Form>
                          </div>
                        ) : (
                          <Link
                            to={`/admin/supply/close?date=${day.date}`}
                            className="btn-secondary min-h-[40px] px-3 text-sm"
                          >
                            {t("supply.slots.close")}
                          </Link>
                        )}
                        <Problem problem={actionData?.problem} target={`date-${day.date}`} />
                      </td>
                    ) : null}
                  </tr>
                ))}
              </tbody>
            ))}
          </table>
        </TableScroll>
      ) : (
        <p className="card text-stone-600">{t("supply.slots.empty")}</p>
      )}
    </div>
  );
}
