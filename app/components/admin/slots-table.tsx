// The slots ahead, one group of rows per date: booked / capacity per window, the prefixes served, a form
// changing each slot's capacity, and the date's actions (close it, or follow up and reopen it).
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import type { PickupWindow } from "~/lib/dates";
import { type AdminReply, type AdminProblem, Problem, problemOf, sentValue } from "./problem";
import { Badge, tableClass, tdClass, TableHead, TableScroll } from "./ui";

type Slot = {
  id: number;
  window: PickupWindow;
  maxCapacity: number;
  currentBooked: number;
  prefixes: string[];
  closed: boolean;
};

type SlotDate = { date: string; label: string; longLabel: string; closed: boolean; scheduled: number; slots: Slot[] };

export function SlotsTable({
  dates,
  maxCapacity,
  reply,
}: {
  dates: SlotDate[];
  maxCapacity: number;
  reply: AdminReply;
}) {
  const { t } = useTranslation(["admin", "common"]);
  return (
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
          <tbody
            key={day.date}
            id={`date-${day.date}`}
            className="scroll-mt-24 border-t-2 border-stone-200 [&>tr]:scroll-mt-24"
            data-date={day.date}
          >
            {day.slots.map((slot, i) => (
              <tr
                key={slot.id}
                id={`slot-${slot.id}`}
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
                  <CapacityForm slot={slot} dayLabel={day.label} maxCapacity={maxCapacity} reply={reply} />
                </td>
                {i === 0 ? (
                  <td rowSpan={day.slots.length} className={tdClass}>
                    <DateActions day={day} reply={reply} />
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        ))}
      </table>
    </TableScroll>
  );
}

/** A refused capacity comes back as typed in its own row, with its problem. */
function CapacityForm({
  slot,
  dayLabel,
  maxCapacity,
  reply,
}: {
  slot: Slot;
  dayLabel: string;
  maxCapacity: number;
  reply: AdminReply;
}) {
  const { t } = useTranslation(["admin", "common"]);
  const hydrated = useHydrated();
  const target = `slot-${slot.id}`;
  return (
    <>
      <Form
        method="post"
        // Without JavaScript the page comes back at this row (a refusal is named at the top too).
        action={hydrated ? undefined : `/admin/supply?index#${target}`}
        className="flex items-center gap-2"
        noValidate
      >
        <input type="hidden" name="slotId" value={slot.id} />
        <label htmlFor={`capacity-${slot.id}`} className="sr-only">
          {t("supply.slots.capacityLabel", { date: dayLabel, window: t(`window.${slot.window}`) })}
        </label>
        <input
          id={`capacity-${slot.id}`}
          name="capacity"
          type="number"
          inputMode="numeric"
          min={slot.currentBooked}
          max={maxCapacity}
          defaultValue={
            sentValue(reply, "slotId") === String(slot.id) ? sentValue(reply, "capacity")! : slot.maxCapacity
          }
          className="field-input mt-0 w-24"
          aria-invalid={problemOf(reply, target) ? true : undefined}
        />
        <button type="submit" name="intent" value="capacity" className="btn-secondary min-h-[40px] px-3 text-sm">
          {t("supply.slots.save")}
        </button>
      </Form>
      <Problem reply={reply} target={target} />
    </>
  );
}

/**
 * A refused row change named at the top of the page, linking to its row further down (the row keeps
 * its own message): without JavaScript the page reloads, and the operator sees first what went wrong.
 */
export function SlotProblems({ dates, reply }: { dates: SlotDate[]; reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  const problems: { href: string; row: string; problem: AdminProblem }[] = [];
  for (const day of dates) {
    for (const slot of day.slots) {
      const problem = problemOf(reply, `slot-${slot.id}`);
      const row = t("supply.slots.capacityLabel", { date: day.label, window: t(`window.${slot.window}`) });
      if (problem) problems.push({ href: `#capacity-${slot.id}`, row, problem });
    }
    const problem = problemOf(reply, `date-${day.date}`);
    if (problem) problems.push({ href: `#date-${day.date}`, row: day.longLabel, problem });
  }
  if (!problems.length) return null;
  return (
    <div className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800" data-testid="slot-problems">
      <p className="font-semibold">{t("supply.slots.notSaved")}</p>
      <ul className="mt-1 space-y-1">
        {problems.map(({ href, row, problem }) => (
          <li key={href}>
            <a href={href} className="underline">
              {t("supply.slots.problemAt", { row, reason: t(problem.key, problem.values) })}
            </a>
          </li>
        ))}
      </ul>
    </div>
  );
}

function DateActions({ day, reply }: { day: SlotDate; reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  const hydrated = useHydrated();
  return (
    <>
      {day.closed ? (
        <div className="space-y-2">
          {day.scheduled ? (
            <Link to={`/admin/supply/close?date=${day.date}`} className="btn-link block text-sm">
              {t("supply.slots.followUp", { count: day.scheduled })}
            </Link>
          ) : null}
          <Form method="post" action={hydrated ? undefined : `/admin/supply?index#date-${day.date}`}>
            <input type="hidden" name="date" value={day.date} />
            <button type="submit" name="intent" value="reopen" className="btn-secondary min-h-[40px] px-3 text-sm">
              {t("supply.slots.reopen")}
            </button>
          </Form>
        </div>
      ) : (
        <Link to={`/admin/supply/close?date=${day.date}`} className="btn-secondary min-h-[40px] px-3 text-sm">
          {t("supply.slots.close")}
        </Link>
      )}
      <Problem reply={reply} target={`date-${day.date}`} />
    </>
  );
}
