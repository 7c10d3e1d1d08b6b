// Issue 45 part 4: My plan's change form: the interval, the bags and the window, one post.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { windowLabel } from "~/lib/format";

type Plan = { id: number; intervalWeeks: number; bagCount: number; window: "morning" | "afternoon" };

export function PlanChangeForm({ plan, busy, Sub }: { plan: Plan; busy: boolean; Sub: "h3" | "h4" }) {
  const { t, i18n } = useTranslation("myplans");
  const id = `plan-${plan.id}`;
  return (
    <Form method="post" className="space-y-2 rounded-lg border border-stone-300 p-3">
      <Sub className="font-semibold">{t("changeTitle")}</Sub>
      <p>{t("changeIntro")}</p>
      <input type="hidden" name="planId" value={plan.id} />
      <label htmlFor={`${id}-interval`} className="field-label">
        {t("intervalLabel")}
      </label>
      <select
        id={`${id}-interval`}
        name="intervalWeeks"
        defaultValue={plan.intervalWeeks}
        className="field-input w-full max-w-full"
      >
        {[4, 8].map((weeks) => (
          <option key={weeks} value={weeks}>
            {t("weeksOption", { count: weeks })}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-bags`} className="field-label">
        {t("bagsLabel")}
      </label>
      <select id={`${id}-bags`} name="bagCount" defaultValue={plan.bagCount} className="field-input w-full max-w-full">
        {[1, 2, 4].map((bags) => (
          <option key={bags} value={bags}>
            {t("bagsOption", { count: bags })}
          </option>
        ))}
      </select>
      <label htmlFor={`${id}-window`} className="field-label">
        {t("windowLabel")}
      </label>
      <select id={`${id}-window`} name="window" defaultValue={plan.window} className="field-input w-full max-w-full">
        <option value="morning">{windowLabel("morning", i18n.language)}</option>
        <option value="afternoon">{windowLabel("afternoon", i18n.language)}</option>
      </select>
      <button
        type="submit"
        name="intent"
        value="plan-change"
        className="btn-primary min-h-[48px] w-full sm:w-auto"
        disabled={busy}
      >
        {t("changeButton")}
      </button>
    </Form>
  );
}
