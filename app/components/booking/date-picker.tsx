// Step 2: the pickup dates of the coming month, grouped by week (Monday first in French). A date
// whose slots are all taken is shown as Fully Booked and cannot be picked.
import { useRef } from "react";
import { useTranslation } from "react-i18next";
import type { WeekGroup } from "~/lib/booking-choice";

/** What of `weeks` the calendar shows, for its stored markup's key (components/stored-pieces). */
export const datePickerInputs = (weeks: WeekGroup[]) =>
  weeks.map((week) => [week.start, week.label, week.dates.map((d) => [d.date, d.label, d.shortLabel, d.fullyBooked])]);

export function DatePicker({
  weeks,
  value,
  onChange,
  showSubmit,
  legend,
  path,
}: {
  /** The page that shows the windows of a date without JavaScript (/booking, or a pickup's move page). */
  path: string;
  /** The step's legend when it is not the new booking's "2. Choose a pickup date" (moving a pickup). */
  legend?: string;
  weeks: WeekGroup[];
  value: string | null;
  /** `byPointer`: picked with a finger or mouse, not with the arrow keys. */
  onChange: (date: string, byPointer: boolean) => void;
  /** Without JavaScript the windows of a new date come from the server. */
  showSubmit: boolean;
}) {
  const { t } = useTranslation("booking");
  // Arrow keys move through the dates one by one: only a pointer's pick brings the windows into view.
  const pointer = useRef(false);
  return (
    <fieldset id="dates" className="card min-w-0 scroll-mt-20" aria-describedby="date-hint">
      <legend className="float-left w-full text-lg font-semibold">{legend ?? t("date.legend")}</legend>
      <p id="date-hint" className="clear-left pt-0.5 text-sm text-stone-600">
        {t("date.hint")}
      </p>
      <div className="mt-3 space-y-4">
        {weeks.map((week) => (
          <div key={week.start} role="group" aria-labelledby={`week-${week.start}`}>
            <h2 id={`week-${week.start}`} className="text-sm font-semibold uppercase tracking-wide text-stone-600">
              {t("date.weekOf", { date: week.label })}
            </h2>
            <div className="mt-1.5 grid grid-cols-[repeat(auto-fill,minmax(min(100%,9rem),1fr))] gap-2">
              {week.dates.map((day) => (
                <label
                  key={day.date}
                  data-date={day.date}
                  onPointerDown={() => (pointer.current = true)}
                  className={`flex min-h-[52px] items-center gap-2 rounded-lg border px-3 py-2 ${
                    day.fullyBooked ? "choice-closed" : "choice-open"
                  }`}
                >
                  <input
                    type="radio"
                    name="date"
                    value={day.date}
                    checked={value === day.date}
                    disabled={day.fullyBooked}
                    onChange={() => {
                      onChange(day.date, pointer.current);
                      pointer.current = false;
                    }}
                    onKeyDown={() => (pointer.current = false)}
                    className="choice-radio"
                  />
                  <span className="min-w-0 leading-tight">
                    <span aria-hidden="true" className={`block font-medium ${day.fullyBooked ? "" : "text-stone-900"}`}>
                      {day.shortLabel}
                    </span>
                    <span className="sr-only">{day.label}</span>
                    {day.fullyBooked ? (
                      <span className="block text-xs font-semibold uppercase text-stone-600">
                        {t("date.fullyBooked")}
                      </span>
                    ) : null}
                  </span>
                </label>
              ))}
            </div>
          </div>
        ))}
      </div>
      {showSubmit ? (
        // Without JavaScript the page comes back at the windows of the date just chosen.
        <button type="submit" formAction={`${path}#windows`} className="btn-secondary mt-4 w-full">
          {t("date.show")}
        </button>
      ) : null}
    </fieldset>
  );
}
