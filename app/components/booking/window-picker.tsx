// Step 3: the morning or afternoon window of the chosen date. A window without room (or not offered
// on that date) cannot be picked.
import { forwardRef } from "react";
import { useTranslation } from "react-i18next";
import type { DateChoice } from "~/lib/booking-choice";

export const WindowPicker = forwardRef<
  HTMLFieldSetElement,
  {
    date: DateChoice | null;
    value: number | null;
    onChange: (slotId: number) => void;
    showSubmit: boolean;
    /** The page that updates the summary without JavaScript (/booking, or a pickup's move page). */
    path: string;
    /** The step's legend when it is not the new booking's "3. Choose a time window" (moving a pickup). */
    legend?: string;
    /** The slot of the pickup being moved, marked as such. */
    currentSlotId?: number | null;
  }
>(function WindowPicker({ date, value, onChange, showSubmit, path, legend, currentSlotId }, ref) {
  const { t } = useTranslation("booking");
  return (
    <fieldset ref={ref} id="windows" className="card min-w-0 scroll-mt-20" aria-describedby="window-hint">
      <legend className="float-left w-full text-lg font-semibold">{legend ?? t("window.legend")}</legend>
      <p id="window-hint" className="clear-left pt-0.5 text-sm text-stone-600">
        {date ? t("window.forDate", { date: date.label }) : t("window.chooseDateFirst")}
      </p>
      {date ? (
        <div className="mt-3 space-y-2">
          {date.windows.map((w) => {
            const open = w.slotId !== null && w.spotsLeft > 0;
            return (
              <label
                key={w.window}
                className={`flex min-h-[56px] flex-wrap items-center gap-x-3 gap-y-1 rounded-lg border px-3 py-2 ${
                  open ? "choice-open" : "choice-closed"
                }`}
              >
                <input
                  type="radio"
                  name="slotId"
                  value={w.slotId ?? ""}
                  checked={open && value === w.slotId}
                  disabled={!open}
                  onChange={() => w.slotId !== null && onChange(w.slotId)}
                  className="choice-radio"
                />
                <span className="min-w-0 flex-1">
                  <span className={`block font-semibold ${open ? "text-stone-900" : ""}`}>
                    {t(`window.${w.window}`)}
                  </span>
                  <span className="block text-sm">{w.label}</span>
                  {currentSlotId && w.slotId === currentSlotId ? (
                    <span className="block text-sm font-semibold text-brand-700" data-testid="current-window">
                      {t("window.current")}
                    </span>
                  ) : null}
                </span>
                <span
                  className={`ml-auto max-w-full text-right text-sm [overflow-wrap:anywhere] ${open ? "text-stone-700" : "font-semibold uppercase"}`}
                >
                  {w.slotId === null
                    ? t("window.unavailable")
                    : w.spotsLeft > 0
                      ? t("window.spotsLeft", { count: w.spotsLeft })
                      : t("window.fullyBooked")}
                </span>
              </label>
            );
          })}
        </div>
      ) : null}
      {showSubmit && date ? (
        // Without JavaScript the page comes back at these windows, the updated summary right below them.
        <button type="submit" formAction={`${path}#windows`} className="btn-secondary mt-4 w-full">
          {t("summary.update")}
        </button>
      ) : null}
    </fieldset>
  );
});
