// The results of the service-area check: served (then the access question), or not served (then the
// waitlist form, shown by the page). Every way on is a plain link to the next step's URL.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { postalStepHref } from "~/lib/postal-steps";
import type { WaitlistReason } from "~/lib/visitor-schemas";

function ResultHeading({ id, tone, title }: { id: string; tone: "good" | "bad"; title: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-xl font-bold">
      <span
        aria-hidden="true"
        className={`flex h-8 w-8 items-center justify-center rounded-full text-white ${tone === "good" ? "bg-brand-700" : "bg-amber-600"}`}
      >
        {tone === "good" ? "✓" : "!"}
      </span>
      {title}
    </h2>
  );
}

export function AvailableResult({ fsa }: { fsa: string }) {
  const { t } = useTranslation(["visitor", "common"]);
  return (
    <section className="card mt-4 space-y-4" aria-labelledby="result-title">
      <ResultHeading id="result-title" tone="good" title={t("postal.availableTitle")} />
      <p className="text-lg" data-testid="postal-result">
        {t("postal.available", { fsa })}
      </p>
      <p className="text-stone-700">{t("postal.availableNext")}</p>
      <Link to={postalStepHref(fsa, "access")} className="btn-primary w-full">
        {t("postal.checkAccess")}
      </Link>
      <Link to="/postal-code" className="btn-secondary w-full">
        {t("postal.checkDifferent")}
      </Link>
    </section>
  );
}

export function AccessQuestion({ fsa }: { fsa: string }) {
  const { t } = useTranslation(["visitor", "common"]);
  return (
    <section className="card mt-4 space-y-4" aria-labelledby="access-title">
      <h2 id="access-title" className="text-xl font-bold">
        {t("postal.accessTitle")}
      </h2>
      <p className="text-lg font-semibold">{t("postal.accessQuestion")}</p>
      <p className="text-stone-700">{t("postal.accessHelp")}</p>
      <div className="grid grid-cols-2 gap-3">
        <Link to={`/auth?postalCode=${fsa}`} className="btn-primary">
          {t("postal.yes")}
        </Link>
        <Link to={postalStepHref(fsa, "no-access")} className="btn-secondary">
          {t("postal.no")}
        </Link>
      </div>
      <Link to={postalStepHref(fsa)} className="btn-link inline-flex min-h-[44px] items-center">
        <span aria-hidden="true">←</span>&nbsp;{t("postal.back")}
      </Link>
    </section>
  );
}

export function UnavailableResult({ fsa, reason }: { fsa: string; reason: WaitlistReason }) {
  const { t } = useTranslation(["visitor", "common"]);
  return (
    <section className="card mt-4 space-y-3" aria-labelledby="result-title">
      <ResultHeading id="result-title" tone="bad" title={t("postal.unavailableTitle")} />
      {reason === "No Direct Access" ? (
        <>
          <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
            {t("postal.noDirectAccessBadge")}
          </p>
          <p data-testid="postal-result">{t("postal.noDirectAccess")}</p>
        </>
      ) : (
        <p data-testid="postal-result">{t("postal.outsideArea", { fsa })}</p>
      )}
    </section>
  );
}
