// The booking form: bags (new bookings only), date, window, summary, policy and Continue.
// One GET form holds every choice, so without JavaScript "Show time windows" re-renders the page on
// the server with the new date's windows; Continue posts the same fields to the route action. With
// JavaScript the choices live in component state and the page updates in place.
// No preventScrollReset: a refused Continue (answered without a redirect) keeps its scroll anyway, and
// the redirect into /checkout must open at the top, with the order summary in view.
import { Form, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { parseBagCount, type BagCount } from "~/lib/pricing";
import type { BookingSelection, WeekGroup } from "~/lib/booking-choice";
import { BagPicker } from "./bag-picker";
import { DatePicker, datePickerInputs } from "./date-picker";
import { CancellationPolicy } from "./notices";
import { BOOKING_FORM_ID, ChoiceSummary } from "./choice-summary";
import { WindowPicker } from "./window-picker";
import { StoredPiece } from "../stored-pieces";

export type BookingVariant = "new" | "modify";

/** The section a refusal is about, where its message links to. */
function sectionOf(errorKey: string): string {
  if (errorKey.endsWith("errors.chooseBags")) return "bags";
  if (errorKey.endsWith("errors.chooseDate") || errorKey.endsWith("errors.outsideArea")) return "dates";
  return "windows";
}

export function BookingForm({
  variant,
  weeks,
  initial,
  serviceFeeCents,
  lng,
  error,
  submitLabel,
  currentSlotId = null,
  path = "/booking",
  from = null,
}: {
  /** The page the form belongs to: /booking, or the pickup's move page (lib/paths movePath). */
  path?: string;
  /** Moving a pickup: the slot it is moved from, kept in the page's address (a move already made answers My Orders). */
  from?: string | null;
  /** Moving a pickup: its current slot, which "Move my pickup" does not accept again. */
  currentSlotId?: number | null;
  /** Replaces "Continue" (modify mode saves the new date directly). */
  submitLabel?: string;
  /** "modify" moves an existing pickup: no bag choice, no price. */
  variant: BookingVariant;
  weeks: WeekGroup[];
  initial: BookingSelection;
  serviceFeeCents: number;
  lng: string;
  /** Why Continue was refused: a "booking" translation key, and an id per refusal. */
  error: { key: string; id: string } | null;
}) {
  const { t } = useTranslation(["booking", "orders"]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [choice, setChoiceState] = useState<BookingSelection>(initial);
  // A refusal stays on screen until the resident changes a choice.
  const [seenErrorId, setSeenErrorId] = useState<string | null>(null);
  const setChoice: typeof setChoiceState = (next) => {
    setSeenErrorId(error?.id ?? null);
    setChoiceState(next);
  };
  const shownError = error && error.id !== seenErrorId ? error.key : null;
  const windows = useRef<HTMLFieldSetElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const continuing = navigation.state !== "idle" && navigation.formMethod?.toUpperCase() === "POST";

  const date = weeks.flatMap((w) => w.dates).find((d) => d.date === choice.date) ?? null;
  const window = date?.windows.find((w) => w.slotId !== null && w.slotId === choice.slotId) ?? null;
  const withBags = variant === "new";
  const moving = variant === "modify";
  // With JavaScript a move is offered only once another date and window are chosen (the server checks too).
  const sameAsBefore = moving && hydrated && (choice.slotId === null || choice.slotId === currentSlotId);

  // A resident may tick radios before the JavaScript arrives: start from what the form shows.
  useEffect(() => {
    if (!form.current) return;
    const shown = new FormData(form.current);
    const checkedDate = shown.get("date");
    setChoiceState((c) => {
      const date = typeof checkedDate === "string" ? checkedDate : c.date;
      // The windows on screen belong to the first date: a new date has no window yet.
      const slotId = date === c.date ? Number(shown.get("slotId")) || null : null;
      return { bags: parseBagCount(shown.get("bags")) ?? c.bags, date, slotId };
    });
  }, []);

  function pickDate(next: string, byPointer: boolean) {
    setChoice((c) => ({ ...c, date: next, slotId: next === c.date ? c.slotId : null }));
    // The windows follow the long list of dates: bring them into view on a phone after a tap. Not while
    // the arrow keys move through the dates: the focused date would leave the screen (WCAG 2.4.11).
    if (!byPointer) return;
    requestAnimationFrame(() => windows.current?.scrollIntoView({ behavior: "smooth", block: "nearest" }));
  }

  return (
    <Form ref={form} id={BOOKING_FORM_ID} method="get" className="mt-4 space-y-4" data-testid="booking-form">
      {shownError ? (
        // The reason is also by the button, further down. Without JavaScript the refused page opens with
        // this summary focused (a fragment on the form's action would follow the redirect of a valid
        // Continue, and landing by the button puts the windows under the sticky header); it links to the
        // part to fix.
        <div
          tabIndex={-1}
          // eslint-disable-next-line jsx-a11y/no-autofocus -- moving focus to a refusal is the accessible pattern
          autoFocus={!hydrated}
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800"
          data-testid="error-summary"
        >
          <p className="font-semibold">{t("errors.summary")}</p>
          <a href={`#${sectionOf(shownError)}`} className="underline">
            {t(shownError)}
          </a>
        </div>
      ) : null}
      {withBags ? (
        // The bundles and the calendar are the same for every resident of an area (components/stored-pieces).
        <StoredPiece name="bag-picker" inputs={JSON.stringify([choice.bags, lng])}>
          <BagPicker value={choice.bags} lng={lng} onChange={(bags: BagCount) => setChoice((c) => ({ ...c, bags }))} />
        </StoredPiece>
      ) : (
        <>
          {from ? <input type="hidden" name="from" value={from} /> : null}
          <input type="hidden" name="bags" value={choice.bags ?? ""} />
        </>
      )}
      <StoredPiece
        name="date-picker"
        inputs={JSON.stringify([choice.date, hydrated, path, moving, datePickerInputs(weeks)])}
      >
        <DatePicker
          weeks={weeks}
          value={choice.date}
          onChange={pickDate}
          showSubmit={!hydrated}
          path={path}
          legend={moving ? t("date.legendMove") : undefined}
        />
      </StoredPiece>
      <WindowPicker
        ref={windows}
        date={date}
        value={choice.slotId}
        onChange={(slotId) => setChoice((c) => ({ ...c, slotId }))}
        showSubmit={!hydrated}
        path={path}
        legend={moving ? t("window.legendMove") : undefined}
        currentSlotId={currentSlotId}
      />
      <ChoiceSummary
        bags={choice.bags}
        showPrice={withBags}
        dateLabel={date?.label ?? null}
        windowLabel={window?.label ?? null}
        serviceFeeCents={serviceFeeCents}
        lng={lng}
        liveWindows={
          hydrated || !date
            ? null
            : date.windows.flatMap((w) => (w.slotId === null ? [] : [{ slotId: w.slotId, label: w.label }]))
        }
      />
      <StoredPiece name="cancellation-policy" inputs={lng}>
        <CancellationPolicy lng={lng} />
      </StoredPiece>
      <div id="booking-error" className="scroll-mt-20" aria-live="assertive">
        {shownError ? (
          <div className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm text-red-800">
            <p role="alert" className="font-medium" data-testid="booking-error">
              {t(shownError)}
            </p>
            <a href={`#${sectionOf(shownError)}`} className="mt-1 inline-block underline">
              {t(`errors.goTo.${sectionOf(shownError)}`)}
            </a>
          </div>
        ) : null}
      </div>
      <button
        type="submit"
        formMethod="post"
        className="btn-primary w-full"
        disabled={continuing || sameAsBefore}
        aria-busy={continuing || undefined}
        aria-describedby={sameAsBefore ? "move-hint" : undefined}
      >
        {continuing ? t("continuing") : (submitLabel ?? t("continue"))}
      </button>
      {sameAsBefore ? (
        <p id="move-hint" className="text-sm text-stone-600" data-testid="move-hint">
          {t("orders:modify.chooseDifferent")}
        </p>
      ) : null}
    </Form>
  );
}
