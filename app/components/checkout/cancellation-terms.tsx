// The cancellation terms the resident accepts by paying (or confirming a free order), shown right
// under the Pay button on every payment path. Plain server-rendered text: the fee and its total with
// taxes come from the constants the cancel logic uses.
import { useTranslation } from "react-i18next";
import { cancellationFeeTexts } from "~/lib/pricing";

export function CancellationTerms({ free }: { free: boolean }) {
  const { t, i18n } = useTranslation("checkout");
  const lng = i18n.language;
  return (
    <section
      className="rounded-lg border border-stone-200 bg-stone-50 p-3 text-sm text-stone-700"
      aria-labelledby="terms-title"
      data-testid="cancellation-terms"
    >
      <h2 id="terms-title" className="font-semibold text-stone-900">
        {t("terms.title")}
      </h2>
      <p className="mt-1">{free ? t("terms.acceptFree") : t("terms.acceptPay")}</p>
      <ul className="mt-1 list-disc space-y-1 pl-5">
        <li>{t("terms.change")}</li>
        <li>{t("terms.fee", cancellationFeeTexts(lng))}</li>
      </ul>
    </section>
  );
}
