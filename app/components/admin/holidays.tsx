// The supply page's holidays ahead: each Quebec statutory holiday of the generated weeks by name (the
// operator's language), closed unless opened on purpose, with a plain form to open one.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "./ui";

export type HolidayRow = { date: string; name: string; label: string; opened: boolean };

export function HolidaysAhead({ holidays, busy }: { holidays: HolidayRow[]; busy: boolean }) {
  const { t } = useTranslation("driver");
  return (
    <section aria-labelledby="holidays-title" className="card space-y-2" data-testid="holidays-ahead">
      <h2 id="holidays-title" className="text-lg font-semibold">
        {t("holidays.title")}
      </h2>
      <p className="max-w-3xl text-sm text-stone-700">{t("holidays.intro")}</p>
      {holidays.length ? (
        <ul className="divide-y divide-stone-100">
          {holidays.map((h) => (
            <li
              key={h.date}
              id={`holiday-${h.date}`}
              data-date={h.date}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <span>
                <span className="font-semibold">{h.name}</span> <span className="text-stone-700">{h.label}</span>{" "}
                <Badge tone={h.opened ? "open" : "closed"}>{t(h.opened ? "holidays.opened" : "holidays.closed")}</Badge>
              </span>
              {h.opened ? null : (
                <Form method="post">
                  <input type="hidden" name="date" value={h.date} />
                  <button
                    type="submit"
                    name="intent"
                    value="openHoliday"
                    className="btn-secondary min-h-[40px] px-3 text-sm"
                    aria-label={t("holidays.openLabel", { name: h.name, date: h.label })}
                    disabled={busy}
                  >
                    {t("holidays.open")}
                  </button>
                </Form>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-stone-600">{t("holidays.none")}</p>
      )}
    </section>
  );
}
