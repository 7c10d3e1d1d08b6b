// The weekly template as one table: for each weekday and window, whether it is offered, its capacity and
// the prefixes it serves. A refused save comes back as typed, each problem under its field.
import { useTranslation } from "react-i18next";
import type { PickupWindow } from "~/lib/dates";
import { type AdminReply, FieldProblemText, problemOf, sentValue } from "./problem";
import { tableClass, tdClass, TableHead, TableScroll } from "./ui";

type TemplateRow = {
  key: string;
  weekday: number;
  window: PickupWindow;
  active: boolean;
  capacity: number;
  prefixes: string[];
};

export function TemplateTable({
  rows,
  maxCapacity,
  reply,
}: {
  rows: TemplateRow[];
  maxCapacity: number;
  reply: AdminReply;
}) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <TableScroll label={t("supply.template.title")} className="card p-0">
      <table className={tableClass} data-testid="template">
        <TableHead
          className="bg-stone-50"
          columns={[
            t("supply.template.day"),
            t("supply.slots.window"),
            t("supply.template.offered"),
            t("supply.slots.capacity"),
            t("supply.template.prefixes"),
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <TemplateRowView key={row.key} row={row} maxCapacity={maxCapacity} reply={reply} />
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}

function TemplateRowView({ row, maxCapacity, reply }: { row: TemplateRow; maxCapacity: number; reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  const day = t(`weekdays.${row.weekday}`);
  const windowName = t(`window.${row.window}`);
  const label = `${day} ${windowName}`;
  const typed = (name: string) => sentValue(reply, `${name}-${row.key}`);
  const active = reply ? typed("active") === "on" : row.active;
  const capacity = reply ? typed("capacity")! : String(row.capacity);
  const prefixes = reply ? typed("prefixes")! : row.prefixes.join(", ");
  const capacityError = problemOf(reply, `capacity-${row.key}`);
  const prefixError = problemOf(reply, `prefixes-${row.key}`);
  return (
    <tr data-row={row.key} className={row.window === "morning" ? "border-t-2 border-stone-200" : undefined}>
      <th scope="row" className={`${tdClass} whitespace-nowrap font-semibold`}>
        {row.window === "morning" ? day : <span className="sr-only">{day}</span>}
      </th>
      <td className={tdClass}>{windowName}</td>
      <td className={tdClass}>
        <label className="inline-flex min-h-[40px] items-center gap-2">
          <input
            type="checkbox"
            name={`active-${row.key}`}
            defaultChecked={active}
            className="h-5 w-5 accent-brand-700"
          />
          <span className="sr-only">{t("supply.template.offeredLabel", { slot: label })}</span>
        </label>
      </td>
      <td className={tdClass}>
        <label htmlFor={`capacity-${row.key}`} className="sr-only">
          {t("supply.template.capacityLabel", { slot: label })}
        </label>
        <input
          id={`capacity-${row.key}`}
          name={`capacity-${row.key}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={maxCapacity}
          defaultValue={capacity}
          className="field-input mt-0 w-24"
          aria-invalid={capacityError ? true : undefined}
          aria-describedby={capacityError ? `capacity-${row.key}-error` : undefined}
        />
        <FieldProblemText reply={reply} name={`capacity-${row.key}`} />
      </td>
      <td className={tdClass}>
        <label htmlFor={`prefixes-${row.key}`} className="sr-only">
          {t("supply.template.prefixesLabel", { slot: label })}
        </label>
        <input
          id={`prefixes-${row.key}`}
          name={`prefixes-${row.key}`}
          defaultValue={prefixes}
          placeholder={t("supply.allAreas")}
          className="field-input mt-0 min-w-[16rem] uppercase placeholder:normal-case"
          autoComplete="off"
          aria-invalid={prefixError ? true : undefined}
          aria-describedby={prefixError ? `prefixes-${row.key}-error` : `prefixes-hint`}
        />
        <FieldProblemText reply={reply} name={`prefixes-${row.key}`} />
      </td>
    </tr>
  );
}
