// Step 1 of a new booking: the 1, 2 or 4 bag bundle, with what a bigger bundle saves per bag.
import { useTranslation } from "react-i18next";
import { BAG_OPTIONS, BUNDLE_PRICE_CENTS, formatMoney, UNIT_PRICE_CENTS, type BagCount } from "~/lib/pricing";

export function BagPicker({
  value,
  onChange,
  lng,
}: {
  value: BagCount | null;
  onChange: (bags: BagCount) => void;
  lng: string;
}) {
  const { t } = useTranslation("booking");
  return (
    <fieldset id="bags" className="card scroll-mt-20" aria-describedby="bags-hint">
      <legend className="float-left w-full text-lg font-semibold">{t("bags.legend")}</legend>
      <p id="bags-hint" className="clear-left pt-0.5 text-sm text-stone-600">
        {t("bags.hint")}
      </p>
      <div className="mt-3 space-y-2">
        {BAG_OPTIONS.map((bags) => {
          const perBag = BUNDLE_PRICE_CENTS[bags] / bags;
          const saving = UNIT_PRICE_CENTS - perBag;
          return (
            <label
              key={bags}
              className="choice-open flex min-h-[56px] items-center gap-x-3 rounded-lg border px-3 py-2 narrow:flex-wrap"
            >
              <input
                type="radio"
                name="bags"
                value={bags}
                checked={value === bags}
                onChange={() => onChange(bags)}
                className="choice-radio"
              />
              {/* On a short line (large text) the price goes under the words rather than squeezing them. */}
              <span className="min-w-0 flex-1 narrow:basis-[calc(100%-2rem)]">
                <span className="block font-semibold text-stone-900">{t("bags.option", { count: bags })}</span>
                <span className="block text-sm text-stone-600">
                  {t("bags.perBag", { price: formatMoney(perBag, lng) })}
                  {saving > 0 ? (
                    <>
                      {" · "}
                      <span className="font-semibold text-brand-700">
                        {t("bags.saving", { amount: formatMoney(saving, lng) })}
                      </span>
                    </>
                  ) : null}
                </span>
              </span>
              <span className="shrink-0 font-semibold tabular-nums text-stone-900 narrow:ml-auto">
                {formatMoney(BUNDLE_PRICE_CENTS[bags], lng)}
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
