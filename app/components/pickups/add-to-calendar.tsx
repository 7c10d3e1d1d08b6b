// "Add to calendar": a plain link to the pickup's .ics event (GET /order/{number}/calendar.ics), which
// the browser downloads and hands to the calendar app; works without JavaScript.
import { useTranslation } from "react-i18next";

export function AddToCalendar({
  confirmationNumber,
  className = "",
}: {
  confirmationNumber: string;
  className?: string;
}) {
  const { t } = useTranslation("calendar");
  return (
    <p className={className}>
      <a
        href={`/order/${encodeURIComponent(confirmationNumber)}/calendar.ics`}
        download={`${confirmationNumber}.ics`}
        className="btn-secondary w-full"
        data-testid="add-to-calendar"
      >
        {t("add")}
      </a>
      <span className="mt-1 block text-sm text-stone-600">{t("addHint")}</span>
    </p>
  );
}
