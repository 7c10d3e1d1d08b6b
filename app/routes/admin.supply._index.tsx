// The slots of the coming weeks: booked / capacity per date and window, changing a slot's capacity
// (never below what is booked), closing a date (after a confirmation page) or reopening it, and
// generating the slots ahead from the weekly template.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { HolidaysAhead } from "~/components/admin/holidays";
import { Problem } from "~/components/admin/problem";
import { SlotProblems, SlotsTable } from "~/components/admin/slots-table";
import { formatDate } from "~/lib/dates";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  dayLabel,
  done,
  refused,
  refusedOnDate,
  samePage,
  unknownIntent,
  requireAdmin,
  toDateKey,
  MAX_CAPACITY,
  reopenDate,
  setSlotCapacity,
  slotsAhead,
  applyTemplate,
  getLanguage,
  getT,
  WEEKS_AHEAD,
} from "~/services/http/pages.server";
import { holidayNames, holidaysAhead, openHoliday, redirectWithToast } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "driver"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const [lng, t, tDriver] = await Promise.all([getLanguage(request), getT(request, "admin"), getT(request, "driver")]);
  const dates = slotsAhead();
  const names = holidayNames(
    dates.map((d) => d.date),
    lng,
  );
  return {
    title: t("supply.slots.title"),
    weeks: WEEKS_AHEAD,
    maxCapacity: MAX_CAPACITY,
    dates: dates.map((d) => ({
      ...d,
      // A holiday opened on purpose has slots: it is marked by name beside its date.
      label:
        formatDate(d.date, lng, "short") +
        (names[d.date] ? ` · ${tDriver("holidays.marked", { name: names[d.date] })}` : ""),
      longLabel: formatDate(d.date, lng),
    })),
    holidays: holidaysAhead(lng).map((h) => ({ ...h, label: formatDate(h.date, lng) })),
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
          date: await dayLabel(request, slot.date),
          capacity: slot.maxCapacity,
        });
      } catch (error) {
        return refused(error, form, `slot-${slotId}`);
      }
    }
    case "reopen": {
      const date = toDateKey(form.get("date")) ?? "";
      try {
        reopenDate(admin, date);
        return done(request, samePage(request), "supply.slots.reopened", undefined, {
          date: await dayLabel(request, date),
        });
      } catch (error) {
        return refusedOnDate(request, error, form, `date-${date}`);
      }
    }
    case "openHoliday": {
      try {
        const { date, created } = openHoliday(admin, form.get("date"));
        return redirectWithToast(request, samePage(request), {
          title: "driver:holidays.openedToast",
          description: "driver:holidays.openedDescription",
          values: { name: holidayNames([date], await getLanguage(request))[date]!, count: created },
        });
      } catch (error) {
        return refused(error, form);
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
      return unknownIntent(form);
  }
}

export default function SupplySlots() {
  const { dates, weeks, maxCapacity, holidays } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["admin", "common"]);
  const busy = useNavigation().state === "submitting";

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
      <Problem reply={actionData} />
      <SlotProblems dates={dates} reply={actionData} />

      {dates.length ? (
        <SlotsTable dates={dates} maxCapacity={maxCapacity} reply={actionData} />
      ) : (
        <p className="card text-stone-600">{t("supply.slots.empty")}</p>
      )}
      <HolidaysAhead holidays={holidays} busy={busy} />
    </div>
  );
}
