// Issue 45 part 4: the profile's "My plans" list, a plan's card (an island: its code fetched only where a plan
// is shown) and a refused plan form's answer read from the page's action data.
import { useTranslation } from "react-i18next";
import { island } from "~/components/island";
import { MyPlan as OnServer } from "~/components/sometimes.server";
import type { MyPlanView, PlanRefusal } from "./my-plan";

/** A plan's card and forms: their code is fetched only by a resident who has a plan (here and on its order page). */
export const MyPlan = island("my-plan", OnServer, () => import("./my-plan").then((module) => module.MyPlan));
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
