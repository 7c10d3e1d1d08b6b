// Issue 45 part 4: the profile's "My plans" list, the order page's word for a pickup without a plan, and
// a refused plan form's answer read from the page's action data.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MyPlan, type MyPlanView, type PlanRefusal } from "./my-plan";
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

/** A refused plan form's answer, read from the page's action data. */
export function planRefusalOf(answer: unknown): PlanRefusal {
  if (!answer || typeof answer !== "object" || !("reply" in answer)) return null;
  const { reply, values } = answer as {
    reply: { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> };
    values?: Record<string, string | number>;
  };
  const intent = reply.initialValue?.intent;
  if (typeof intent !== "string" || !intent.startsWith("plan-")) return null;
  const error = reply.error?.[""]?.[0];
  if (!error) return null;
  const planId = reply.initialValue?.planId;
  return { planId: typeof planId === "string" ? planId : null, error, values };
}

/** "My plans": each plan of the resident's with its forms, or how to start one. */
export function MyPlans({ plans, answer }: { plans: MyPlanView[]; answer: unknown }) {
  const { t } = useTranslation("myplans");
  return (
    <section id="my-plans" aria-labelledby="my-plans-title" className="mt-8 space-y-3" data-testid="my-plans">
      <h2 id="my-plans-title" className="text-xl font-semibold">
        {t("listTitle")}
      </h2>
      {plans.length ? (
        plans.map((plan) => <MyPlan key={plan.id} plan={plan} refusal={planRefusalOf(answer)} heading="h3" />)
      ) : (
        <p>{t("none")}</p>
      )}
    </section>
  );
}
