// /plans/{id}/pay (issue 45 part 3): a plan's pickup held as "Payment needed" (its card declined or asking
// for authentication off-session), paid on-session: the date, window, bags, amount and until when the place
// is held, then the simulated card form (a plain POST; 3-D Secure through the simulated bank's step) or, with
// Stripe, hosted Checkout. Paid: the booked pickup's order page. Only the plan's resident sees it (404).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useActionAnswer } from "~/components/action-answer";
import { CardForm } from "~/components/checkout/card-form";
import { SimulatedAuthentication } from "~/components/checkout/simulated-authentication";
import { Toaster } from "~/components/toaster";
import { useReply } from "~/components/ui/plain-field";
import { titleMeta } from "~/lib/meta";
import { orderPath } from "~/lib/paths";
import { getT, paymentProvider, planIdOf, planPayAction, planPayPage, requireUser } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "checkout", "myplans"] };
export const meta: MetaFunction = titleMeta;
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const planId = planIdOf(params.id);
  const [page, t] = await Promise.all([planPayPage(request, user, planId), getT(request, "myplans")]);
  return { title: t("pay.title"), provider: paymentProvider().name, ...page };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  return planPayAction(request, user, planIdOf(params.id));
}

export default function PlanPay() {
  const { t, i18n } = useTranslation(["myplans", "checkout", "common"]);
  const view = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const reply = useReply(answer?.reply, "plan-pay");
  const busy = useNavigation().state !== "idle";
  if (view.authenticate) return <SimulatedAuthentication {...view.authenticate} busy={busy} />;
  const held = view.held;
  return (
    <div className="space-y-4">
      <Toaster toast={reply.formErrors.length ? null : (answer?.toast ?? null)} />
      <h1 className="page-title">{t("pay.title")}</h1>
      {held ? (
        <>
          <section className="card space-y-2" aria-labelledby="held-title" data-testid="held-pickup">
            <h2 id="held-title" className="font-semibold">
              {t("pay.heldTitle")}
            </h2>
            <p>{t("pay.intro")}</p>
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 narrow:grid-cols-1">
              <dt className="text-stone-600">{t("pay.date")}</dt>
              <dd>{held.date}</dd>
              <dt className="text-stone-600">{t("pay.window")}</dt>
              <dd>{held.window}</dd>
              <dt className="text-stone-600">{t("pay.bags")}</dt>
              <dd>{t("pay.bagCount", { count: held.bags })}</dd>
              <dt className="text-stone-600">{t("pay.amount")}</dt>
              <dd className="font-semibold" data-testid="held-amount">
                {held.amount}
              </dd>
              {held.heldUntil ? (
                <>
                  <dt className="text-stone-600">{t("pay.heldUntilLabel")}</dt>
                  <dd data-testid="held-until">{held.heldUntil}</dd>
                </>
              ) : null}
            </dl>
          </section>
          {view.provider === "stripe" ? (
            <Form method="post" className="card space-y-3">
              <p className="text-stone-700">{t("checkout:hosted.body")}</p>
              <button type="submit" name="intent" value="payHosted" className="btn-primary w-full" disabled={busy}>
                {t("checkout:hosted.pay", { amount: held.amount })}
              </button>
            </Form>
          ) : (
            <CardForm
              payLabel={t("checkout:card.pay", { amount: held.amount })}
              busy={busy}
              fieldError={reply.error}
              ticked={() => false}
              value={reply.value}
              formError={reply.formErrors[0] ?? null}
              plain
            />
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
