import { useTranslation } from "react-i18next";
import type { DisplayStatus } from "~/lib/pickup-status";

const TONE: Record<DisplayStatus, string> = {
  cancelled: "bg-red-100 text-red-800 ring-red-200",
  completed: "bg-stone-100 text-stone-800 ring-stone-300",
  missed: "bg-amber-100 text-amber-900 ring-amber-200",
  today: "bg-blue-100 text-blue-900 ring-blue-200",
  scheduled: "bg-brand-100 text-brand-800 ring-brand-600/30",
  tbd: "bg-stone-100 text-stone-700 ring-stone-300",
  dateClosed: "bg-red-100 text-red-800 ring-red-200",
};

export function StatusBadge({ status }: { status: DisplayStatus }) {
  const { t } = useTranslation("orders");
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-sm font-semibold ring-1 ${TONE[status]}`}
      data-testid="status-badge"
    >
      {t(`status.${status}`)}
    </span>
  );
}
