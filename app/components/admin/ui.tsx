// Small building blocks of the admin pages: statistic cards, status badges,
// pagination links and the recent activity list.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function StatCard({
  id,
  label,
  value,
  hint,
}: {
  id: string;
  label: string;
  value: string | number;
  hint?: string;
}) {
  return (
    <div className="card" data-testid={`stat-${id}`}>
      <p className="text-sm font-medium text-stone-600">{label}</p>
      <p className="mt-1 text-3xl font-bold tabular-nums text-stone-900" data-testid={`stat-${id}-value`}>
        {value}
      </p>
      {hint ? <p className="mt-1 text-xs text-stone-600">{hint}</p> : null}
    </div>
  );
}

const TONES: Record<string, string> = {
  Scheduled: "bg-sky-100 text-sky-900",
  Completed: "bg-brand-100 text-brand-800",
  Missed: "bg-amber-100 text-amber-900",
  Cancelled: "bg-red-100 text-red-800",
  booked: "bg-brand-100 text-brand-800",
  pending: "bg-amber-100 text-amber-900",
  active: "bg-brand-100 text-brand-800",
  used: "bg-stone-200 text-stone-800",
  expired: "bg-stone-100 text-stone-600",
  inactive: "bg-red-100 text-red-800",
  closed: "bg-red-100 text-red-800",
  open: "bg-brand-100 text-brand-800",
};

export function Badge({ tone, children }: { tone: string; children: React.ReactNode }) {
  return (
    <span
      className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold ${TONES[tone] ?? "bg-stone-100 text-stone-700"}`}
    >
      {children}
    </span>
  );
}

/** Previous / next links keeping the other query parameters. Plain links: no JavaScript needed. */
export function Pagination({ page, pages, search }: { page: number; pages: number; search: string }) {
  const { t } = useTranslation("admin");
  if (pages <= 1) return null;
  const href = (p: number) => {
    const params = new URLSearchParams(search);
    params.set("page", String(p));
    return `?${params}`;
  };
  return (
    <nav aria-label={t("pagination.label")} className="mt-3 flex items-center gap-3 text-sm print:hidden">
      {page > 1 ? (
        <Link to={href(page - 1)} className="btn-secondary min-h-[40px] px-3 text-sm">
          {t("pagination.previous")}
        </Link>
      ) : null}
      <span>{t("pagination.page", { page, pages })}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className="btn-secondary min-h-[40px] px-3 text-sm">
          {t("pagination.next")}
        </Link>
      ) : null}
    </nav>
  );
}

export type ActivityView = {
  id: number;
  action: string;
  detail: Record<string, string | number>;
  adminEmail: string;
  when: string;
};

export function ActivityList({ entries }: { entries: ActivityView[] }) {
  const { t } = useTranslation("admin");
  if (!entries.length) return <p className="text-stone-600">{t("activity.empty")}</p>;
  return (
    <ul className="divide-y divide-stone-200" data-testid="activity">
      {entries.map((entry) => {
        const values = { ...entry.detail };
        if (typeof values.window === "string") values.window = t(`window.${values.window}`);
        return (
          <li key={entry.id} className="py-2 text-sm" data-testid="activity-entry">
            <p className="text-stone-900">
              {/* A quoted e-mail subject is in its recipient's language, marked so (the text around it in two keys). */}
              {entry.action === "email.resend" ? (
                <>
                  {t("activity.actions.email.resend.before", values)}
                  <span lang={typeof values.locale === "string" ? values.locale : undefined}>{values.subject}</span>
                  {t("activity.actions.email.resend.after", values)}
                </>
              ) : (
                t(`activity.actions.${entry.action}`, values)
              )}
            </p>
            <p className="text-xs text-stone-600">
              {entry.when} · {entry.adminEmail}
            </p>
          </li>
        );
      })}
    </ul>
  );
}

/** A row's one action: a plain form post of the row's id (`name`=`value`) and an intent (no JavaScript needed). */
export function RowAction({
  name,
  value,
  intent,
  label,
  ariaLabel,
  disabled,
  className = "btn-secondary",
}: {
  name: string;
  value: string | number;
  intent: string;
  label: string;
  ariaLabel: string;
  disabled: boolean;
  className?: string;
}) {
  return (
    <Form method="post">
      <input type="hidden" name={name} value={value} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className={className}
        aria-label={ariaLabel}
        disabled={disabled}
      >
        {label}
      </button>
    </Form>
  );
}

export const tableClass = "min-w-full divide-y divide-stone-200 text-left text-sm";
export const thClass = "whitespace-nowrap px-3 py-2 text-xs font-semibold uppercase tracking-wide text-stone-600";
export const tdClass = "px-3 py-2 align-middle";

/**
 * A wide table's horizontal scroller, reachable by keyboard: a named region in the tab order, so that
 * it can be scrolled with the arrow keys even when the table holds no link or button.
 */
export function TableScroll({
  label,
  className = "",
  children,
}: {
  label: string;
  className?: string;
  children: React.ReactNode;
}) {
  return (
    // A scrolling table must be reachable by keyboard (axe: scrollable-region-focusable). Positioned, so the
    // visually hidden texts in its cells (absolute) scroll with it instead of widening the page at 320 px.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex
    <div role="region" aria-label={label} tabIndex={0} className={`relative overflow-x-auto ${className}`}>
      {children}
    </div>
  );
}

type Column = string | { label: string; hidden: true };

/** A table's header row; a `hidden` column (an actions column) is named for screen readers only. */
export function TableHead({ columns, className }: { columns: Column[]; className?: string }) {
  return (
    <thead className={className}>
      <tr>
        {columns.map((column, i) =>
          typeof column === "string" ? (
            <th key={i} scope="col" className={thClass}>
              {column}
            </th>
          ) : (
            <th key={i} scope="col" className={thClass}>
              <span className="sr-only">{column.label}</span>
            </th>
          ),
        )}
      </tr>
    </thead>
  );
}
