// The booking page's notices: the cancellation policy, the Montreal-only service area, and the
// empty state when no date is open.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cancellationFeeTexts } from "~/lib/pricing";

export function CancellationPolicy({ lng }: { lng: string }) {
  const { t } = useTranslation("booking");
  return (
    <aside
      className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-stone-800"
      aria-labelledby="policy-title"
      data-testid="cancellation-policy"
    >
      <h2 id="policy-title" className="font-semibold text-stone-900">
        {t("policy.title")}
      </h2>
      <p className="mt-1 text-sm">{t("policy.body")}</p>
      <p className="mt-1 text-sm">{t("policy.fee", cancellationFeeTexts(lng))}</p>
    </aside>
  );
}

export function ServiceAreaNotice({ fsa }: { fsa: string }) {
  const { t } = useTranslation("booking");
  return (
    <section
      className="card mt-4 border-amber-300 bg-amber-50"
      aria-labelledby="area-title"
      data-testid="service-area-notice"
    >
      <h2 id="area-title" className="text-lg font-semibold text-stone-900">
        {t("area.title")}
      </h2>
      <p className="mt-1 text-stone-800">{fsa ? t("area.body", { fsa }) : t("area.unknownBody")}</p>
      <div className="mt-4 flex flex-col gap-3 sm:flex-row">
        <Link to="/profile" className="btn-primary sm:flex-1">
          {t("area.updateAddress")}
        </Link>
        <Link to="/postal-code" className="btn-secondary sm:flex-1">
          {t("area.joinWaitlist")}
        </Link>
      </div>
    </section>
  );
}

export function NoDates({ fsa }: { fsa: string }) {
  const { t } = useTranslation("booking");
  return (
    <section className="card mt-4 text-center" aria-labelledby="no-dates-title" data-testid="no-dates">
      <h2 id="no-dates-title" className="text-lg font-semibold text-stone-900">
        {t("date.empty.title")}
      </h2>
      <p className="mt-1 text-stone-700">{t("date.empty.body", { fsa })}</p>
      <Link to="/materials" className="btn-secondary mt-4 w-full">
        {t("date.empty.materials")}
      </Link>
    </section>
  );
}
