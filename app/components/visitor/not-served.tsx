// A postal prefix we do not serve: said plainly, with the waitlist for that prefix (the postal check's
// result page, where the waitlist form is). Shown by /auth, /sign-up and the profile.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { postalStepHref } from "~/lib/postal-steps";

export function NotServedNotice({ fsa, id }: { fsa: string; id?: string }) {
  const { t } = useTranslation("visitor");
  return (
    <div id={id} role="alert" className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
      <p className="font-semibold">{t("notServed.title", { fsa })}</p>
      <p className="mt-1 text-sm">{t("notServed.body", { fsa })}</p>
      <Link to={postalStepHref(fsa)} className="btn-link mt-2 inline-block">
        {t("notServed.waitlist", { fsa })}
      </Link>
    </div>
  );
}
