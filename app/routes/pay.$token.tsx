// /pay/{token} (issue 46 part 5): the pickup an operator booked for a resident who called, paid through the
// link sent to them, without signing in: the token is the key to that one pickup (24 hours at most, spent
// once paid). The date, window, bags, amount and until when the place is held, then the simulated card
// form (a plain POST; 3-D Secure through the simulated bank's step) or, with Stripe, its Payment Element with
// JavaScript (components/checkout/intent-card, the terms' boxes checked by the action before any intent) and
// hosted Checkout without (or when Stripe.js does not load). Paid: the confirmation number, and nothing more
// to do. An unknown link: 404.
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation, useParams } from "@remix-run/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { useActionAnswer } from "~/components/action-answer";
import { AcceptTerms, ContractTerms } from "~/components/checkout/contract-terms";
import { HeldPayForm, HeldSummary } from "~/components/checkout/held-payment";
import { SimulatedAuthentication } from "~/components/checkout/simulated-authentication";
import { Toaster } from "~/components/toaster";
import { useReply } from "~/components/ui/plain-field";
import { phonePayPath } from "~/lib/book-for";
import { titleMeta } from "~/lib/meta";
import { getT, paymentProvider, phonePayAction, phonePayPage, phoneTokenOf } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "checkout", "myplans", "bookfor"] };

const IntentCard = lazy(() => import("~/components/checkout/intent-card"));
export const meta: MetaFunction = titleMeta;
// The link is a key: never kept by a cache, never sent on as a referrer.
export const headers: HeadersFunction = () => ({
  "Cache-Control": "private, no-store",
  "Referrer-Policy": "no-referrer",
});

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = phoneTokenOf(params.token);
  const [page, t] = await Promise.all([phonePayPage(request, token), getT(request, "bookfor")]);
  const provider = paymentProvider();
  return { title: t("pay.title"), provider: provider.name, publishableKey: provider.publishableKey, ...page };
}

export async function action({ request, params }: ActionFunctionArgs) {
  return phonePayAction(request, phoneTokenOf(params.token));
}

export default function PhonePay() {
  const { t } = useTranslation(["bookfor", "checkout", "myplans", "common"]);
  const view = useLoaderData<typeof loader>();
  const { token } = useParams();
  const answered = useActionAnswer<typeof action>();
  // The Payment Element's fetcher answer (its intent) is its own; the page reads the forms' replies.
  const answer = answered && "reply" in answered ? answered : undefined;
  const reply = useReply(answer?.reply, "phone-pay");
  const busy = useNavigation().state !== "idle";
  const hydrated = useHydrated();
  // Stripe.js not loaded (blocked, offline): the hosted page's form, as without JavaScript.
  const [stripeFailed, setStripeFailed] = useState(false);
  const onStripeFailed = useCallback(() => setStripeFailed(true), []);
  if (view.authenticate) return <SimulatedAuthentication {...view.authenticate} busy={busy} />;
  const held = view.held;
  return (
    <div className="space-y-4">
      <Toaster toast={reply.formErrors.length ? null : (answer?.toast ?? null)} />
      <h1 className="page-title">{t("pay.title")}</h1>
      {held ? (
        <>
          <HeldSummary
            held={held}
            title={t("pay.heldTitle")}
            intro={view.name ? t("pay.introNamed", { name: view.name }) : t("pay.intro")}
          />
          <p className="text-sm text-stone-700">{t("pay.neverByPhone")}</p>
          {view.merchant && view.cancellationFee ? (
            <ContractTerms merchant={view.merchant} cancellationFee={view.cancellationFee} />
          ) : null}
          {view.provider === "stripe" && hydrated && !stripeFailed ? (
            <Suspense fallback={<p className="card">{t("checkout:stripe.loading")}</p>}>
              <IntentCard
                publishableKey={view.publishableKey ?? ""}
                amountCents={held.amountCents}
                payLabel={t("checkout:card.pay", { amount: held.amount })}
                pagePath={phonePayPath(token ?? "")}
                formId="phone-pay-card"
                onFailed={onStripeFailed}
              >
                {(refused) => <AcceptTerms error={refused.error} ticked={(name) => refused.value(name) === "on"} />}
              </IntentCard>
            </Suspense>
          ) : (
            <HeldPayForm provider={view.provider} amount={held.amount} busy={busy} reply={reply} terms />
          )}
        </>
      ) : (
        <section className="card space-y-2" data-testid="nothing-to-pay" data-state={view.state}>
          <p>{t(`pay.states.${view.state}`)}</p>
          {view.confirmationNumber ? (
            <p data-testid="paid-confirmation">
              {t("pay.confirmation", { confirmationNumber: view.confirmationNumber })}
            </p>
          ) : null}
          <Link to="/sign-in" className="btn-link">
            {t("pay.signIn")}
          </Link>
        </section>
      )}
    </div>
  );
}
