// The order summary: what was chosen and its price with Quebec taxes, computed by the same
// priceBreakdown the server charges with (the server recomputes it at checkout).
import { useTranslation } from "react-i18next";
import { formatMoney, priceBreakdown, type BagCount } from "~/lib/pricing";

export function ChoiceSummary({
  bags,
  showPrice,
  dateLabel,
  windowLabel,
  serviceFeeCents,
  lng,
  liveWindows,
}: {
  /**
   * Without JavaScript: the windows on screen, so that the summary follows the checked one with CSS
   * alone (no "Update summary" needed); with JavaScript (null) it follows the component's state.
   */
  liveWindows?: LiveWindow[] | null;
  bags: BagCount | null;
  /** A modified pickup keeps its bags and price: only the new date and window are shown. */
  showPrice: boolean;
  dateLabel: string | null;
  windowLabel: string | null;
  serviceFeeCents: number;
  lng: string;
}) {
  const { t } = useTranslation("booking");
  const price = showPrice && bags ? priceBreakdown({ bags, serviceFeeCents }) : null;
  const money = (cents: number) => formatMoney(cents, lng);
  const notChosen = <span className="text-stone-500">{t("summary.notChosen")}</span>;
  return (
    <section id="summary" className="card scroll-mt-20" aria-labelledby="summary-title" data-testid="order-summary">
      <h2 id="summary-title" className="text-lg font-semibold">
        {t("summary.title")}
      </h2>
      <dl className="mt-3 space-y-1.5 text-stone-800">
        {showPrice ? (
          <Row label={t("summary.bags")} testId="summary-bags">
            {bags ? t("bags.option", { count: bags }) : notChosen}
          </Row>
        ) : null}
        <Row label={t("summary.date")} testId="summary-date">
          {dateLabel ?? notChosen}
        </Row>
        <Row label={t("summary.window")} testId="summary-window">
          {liveWindows ? <CheckedWindow windows={liveWindows} notChosen={notChosen} /> : (windowLabel ?? notChosen)}
        </Row>
      </dl>
      {price ? (
        <dl className="mt-3 space-y-1.5 border-t border-stone-200 pt-3 text-stone-800">
          <Row label={t("summary.listPrice")} testId="summary-list" amount>
            {money(price.listPriceCents)}
          </Row>
          {price.multiBagDiscountCents > 0 ? (
            <Row label={t("summary.multiBagDiscount")} testId="summary-discount" amount>
              <span className="text-brand-700">−{money(price.multiBagDiscountCents)}</span>
            </Row>
          ) : null}
          {price.serviceFeeCents > 0 ? (
            <Row label={t("summary.serviceFee")} testId="summary-fee" amount>
              {money(price.serviceFeeCents)}
            </Row>
          ) : null}
          <Row label={t("summary.subtotal")} testId="summary-subtotal" amount>
            {money(price.subtotalCents)}
          </Row>
          <Row label={t("summary.gst")} testId="summary-gst" amount>
            {money(price.gstCents)}
          </Row>
          <Row label={t("summary.qst")} testId="summary-qst" amount>
            {money(price.qstCents)}
          </Row>
          <div className="flex flex-wrap items-baseline justify-between gap-x-3 border-t border-stone-200 pt-2 text-lg font-bold text-stone-900">
            <dt>{t("summary.total")}</dt>
            <dd className="tabular-nums" data-testid="summary-total">
              {money(price.totalCents)}
            </dd>
          </div>
        </dl>
      ) : showPrice ? (
        <p className="mt-3 border-t border-stone-200 pt-3 text-sm text-stone-600">{t("summary.chooseBags")}</p>
      ) : null}
      {price ? <p className="mt-2 text-xs text-stone-600">{t("summary.note")}</p> : null}
    </section>
  );
}

type LiveWindow = { slotId: number; label: string };

/** The form whose checked window the summary shows without JavaScript (BookingForm's id). */
export const BOOKING_FORM_ID = "booking-form";

/** The checked window's label, chosen by the browser's CSS (:has) from the radios of the same form. */
function CheckedWindow({ windows, notChosen }: { windows: LiveWindow[]; notChosen: React.ReactNode }) {
  const form = `#${BOOKING_FORM_ID}`;
  const css = [
    `${form} [data-live-window]:not([data-live-window="none"]){display:none}`,
    `${form}:has(input[name="slotId"]:checked) [data-live-window="none"]{display:none}`,
    ...windows.map(
      ({ slotId }) =>
        `${form}:has(input[name="slotId"][value="${slotId}"]:checked) [data-live-window="${slotId}"]{display:inline}`,
    ),
  ].join("\n");
  return (
    <>
      {/* React would escape the selectors' quotes in a text child; the rules hold only our own numbers. */}
      <style dangerouslySetInnerHTML={{ __html: css }} />
      <span data-live-window="none">{notChosen}</span>
      {windows.map((w) => (
        <span key={w.slotId} data-live-window={w.slotId}>
          {w.label}
        </span>
      ))}
    </>
  );
}

function Row({
  label,
  children,
  testId,
  amount = false,
}: {
  label: string;
  children: React.ReactNode;
  testId: string;
  amount?: boolean;
}) {
  return (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-stone-600">{label}</dt>
      <dd className={`ml-auto text-right ${amount ? "tabular-nums" : "font-medium"}`} data-testid={testId}>
        {children}
      </dd>
    </div>
  );
}
