// /plans/{id}/pay (issue 45 part 3): a plan's pickup held as "Payment needed" (its card declined or asking
// for authentication off-session), paid on-session: the date, window, bags, amount and until when the place
// is held, then the simulated card form (a plain POST; 3-D Secure through the simulated bank's step) or, with
// Stripe, its Payment Element with JavaScript (components/checkout/intent-card) and hosted Checkout without.
// "Save this card for my plan" keeps the card that pays for the plan's next pickups. Paid: the booked
// pickup's order page. Only the plan's resident sees it (404).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { useActionAnswer } from "~/components/action-answer";
import { HeldPayForm, HeldSummary } from "~/components/checkout/held-payment";
import { TermsBox } from "~/components/checkout/contract-terms";
import { SimulatedAuthentication } from "~/components/checkout/simulated-authentication";
import { Toaster } from "~/components/toaster";
import { useReply } from "~/components/ui/plain-field";
import { titleMeta } from "~/lib/meta";
import { orderPath } from "~/lib/paths";
import { planPayPath } from "~/lib/plan-paths";
import { getT, paymentProvider, planIdOf, planPayAction, planPayPage, requireUser } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "checkout", "myplans"] };

const SAVE_CARD_FIELD = "saveCardConsent";
const IntentCard = lazy(() => import("~/components/checkout/intent-card"));
export const meta: MetaFunction = titleMeta;
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const planId = planIdOf(params.id);
  const [page, t] = await Promise.all([planPayPage(request, user, planId), getT(request, "myplans")]);
  const provider = paymentProvider();
  return { title: t("pay.title"), provider: provider.name, publishableKey: provider.publishableKey, ...page };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return planPayAction(request, user, planIdOf(params.id));
}

export default function PlanPay() {
  const { t, i18n } = useTranslation(["myplans", "checkout", "common"]);
  const view = useLoaderData<typeof loader>();
  const answered = useActionAnswer<typeof action>();
  // The Payment Element's fetcher answer (its intent) is its own; the page reads the forms' replies.
  const answer = answered && "reply" in answered ? answered : undefined;
  const reply = useReply(answer?.reply, "plan-pay");
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  // Stripe.js not loaded (blocked, offline): the hosted page's form, as without JavaScript.
  const [stripeFailed, setStripeFailed] = useState(false);
  const onStripeFailed = useCallback(() => setStripeFailed(true), []);
  if (view.authenticate) return <SimulatedAuthentication {...view.authenticate} busy={busy} />;
  const held = view.held;
  // The consent to keep the card that pays this pickup for the plan's next ones ("Change the card").
  const saveBox = (
    <TermsBox
      id={SAVE_CARD_FIELD}
      name={SAVE_CARD_FIELD}
      label={t("pay.saveCard")}
      error={null}
      ticked={reply.value(SAVE_CARD_FIELD) === "on"}
    />
  );
  return (
    <div className="space-y-4">
      <Toaster toast={reply.formErrors.length ? null : (answer?.toast ?? null)} />
      <h1 className="page-title">{t("pay.title")}</h1>
      {held ? (
        <>
          <HeldSummary held={held} title={t("pay.heldTitle")} intro={t("pay.intro")} />
          {view.provider === "stripe" && hydrated && !stripeFailed ? (
            <Suspense fallback={<p className="card">{t("checkout:stripe.loading")}</p>}>
              <IntentCard
                publishableKey={view.publishableKey ?? ""}
                amountCents={held.amountCents}
                payLabel={t("checkout:card.pay", { amount: held.amount })}
                pagePath={planPayPath(held.planId)}
                formId="plan-pay-card"
                saveCardField={SAVE_CARD_FIELD}
                onFailed={onStripeFailed}
              >
                {() => saveBox}
              </IntentCard>
            </Suspense>
          ) : (
            <HeldPayForm provider={view.provider} amount={held.amount} busy={busy} reply={reply} extra={saveBox} />
          )}
        </>
      ) : (
        <section className="card space-y-2" data-testid="nothing-to-pay">
          <p>{t(`pay.states.${view.state}`)}</p>
          {view.order ? (
            <Link to={orderPath(view.order.confirmationNumber)} className="btn-link" lang={i18n.language}>
              {t("pay.seeOrder", { confirmationNumber: view.order.confirmationNumber })}
            </Link>
          ) : (
            <Link to="/profile#my-plans" className="btn-link">
              {t("pay.myPlans")}
            </Link>
          )}
        </section>
      )}
    </div>
  );
}
