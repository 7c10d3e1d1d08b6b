// Issue 45 part 4: the order page's word for a Scheduled pickup without a plan, and how one starts from it.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** A Scheduled pickup without a plan: how a plan starts from it (a saved card needed). */
export function NoPlanYet({ canStart, pickupId }: { canStart: boolean; pickupId: number }) {
  const { t } = useTranslation("myplans");
  return (
    <section aria-labelledby="no-plan-title" className="card space-y-2" data-testid="no-plan">
      <h2 id="no-plan-title" className="text-lg font-semibold">
        {canStart ? t("repeatTitle") : t("needsCardTitle")}
      </h2>
      <p>{canStart ? t("repeatIntro") : t("needsCard")}</p>
      {canStart ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="pickupId" value={pickupId} />
          <fieldset className="space-y-1">
            <legend className="font-semibold">{t("repeatLabel")}</legend>
            {[4, 8].map((weeks) => (
              <label key={weeks} className="flex min-h-[44px] items-center gap-2">
                <input type="radio" name="intervalWeeks" value={weeks} defaultChecked={weeks === 4} required />
                {t("everyWeeks", { count: weeks })}
              </label>
            ))}
          </fieldset>
          <button type="submit" name="intent" value="plan-start" className="btn-primary min-h-[48px] w-full sm:w-auto">
            {t("repeatButton")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
