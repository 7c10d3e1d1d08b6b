import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { CardForm } from "~/components/checkout/card-form";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PromoBox } from "~/components/checkout/promo-box";
import { Toaster } from "~/components/toaster";
import { formatDate, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { formatMoney, type BagCount } from "~/lib/pricing";
import { quoteBooking } from "~/services/booking/book.server";
import { checkoutDetour, readCheckoutParams } from "~/services/booking/checkout.server";
import { runCheckoutIntent } from "~/services/http/checkout-actions.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";
import { paymentProvider } from "~/services/payments/index.server";
import { redirectWithToast } from "~/services/http/toast.server";
import { requireUser } from "~/services/http/session.server";

const StripeCard = lazy(() => import("~/components/checkout/stripe-card"));

export const handle = { i18n: ["common", "checkout"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const params = readCheckoutParams(new URL(request.url));
  const detour = checkoutDetour(user, params);
  if (detour) throw await redirectWithToast(request, detour.to, { type: "error", title: detour.toast });
  const lng = await getLanguage(request);
  const t = await getT(request, "checkout");
  const quote = quoteBooking(user, { bags: params.bags as BagCount, slotId: params.slotId! });
  const provider = paymentProvider();
  return {
    title: t("title"),
    bags: quote.breakdown.bags,
    slotId: quote.slot.id,
    date: formatDate(quote.slot.date, lng),
    window: windowLabel(quote.slot.window, lng),
    breakdown: quote.breakdown,
    promo: quote.promo,
    address: quote.address,
    email: user.email,
    provider: { name: provider.name, testMode: provider.testMode, publishableKey: provider.publishableKey },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const params = readCheckoutParams(new URL(request.url));
  if (!params.bags || !params.slotId) {
    return redirectWithToast(request, "/booking", { type: "error", title: "checkout:toast.missingBooking" });
  }
  const outcome = await runCheckoutIntent(request, user, { bags: params.bags as BagCount, slotId: params.slotId });
  if (outcome.kind === "redirect") return outcome.response;
  return data(outcome.body, { status: outcome.status, headers: outcome.headers });
}

export default function Checkout() {
  const { t, i18n } = useTranslation(["checkout", "common"]);
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const lng = i18n.language;
  const total = formatMoney(view.breakdown.totalCents, lng);
  const busy = navigation.state !== "idle";
  const query = `bags=${view.bags}&slotId=${view.slotId}`;

  return (
    <div className="space-y-4">
      <h1 className="page-title">{t("title")}</h1>
      {view.provider.testMode ? (
        <p
          role="note"
          className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
          data-testid="test-mode"
        >
          {t("testMode", { card: "4242 4242 4242 4242" })}
        </p>
      ) : null}

      <OrderSummary bags={view.bags} date={view.date} window={view.window} breakdown={view.breakdown} />

      <PromoBox promo={view.promo} bags={view.bags} error={actionData?.promoError ?? null} busy={busy} />

      <section className="card" aria-labelledby="address-title">
        <div className="flex items-start justify-between gap-2">
          <div>
            <h2 id="address-title" className="font-semibold">
              {t("address.title")}
            </h2>
            <p className="mt-1 text-stone-700" data-testid="pickup-address">
              {view.address}
            </p>
          </div>
          <Link to={`/profile?${query}`} className="btn-link shrink-0 py-2">
            {t("address.edit")}
          </Link>
        </div>
      </section>

      {view.breakdown.isFree ? (
        <Form method="post" className="card space-y-3">
          <h2 className="font-semibold">{t("free.title")}</h2>
          <p className="text-stone-700">{t("free.body")}</p>
          <FormProblem message={actionData?.formError} />
          <button type="submit" name="intent" value="bookFree" className="btn-primary w-full" disabled={busy}>
            {busy ? t("free.confirming") : t("free.confirm")}
          </button>
        </Form>
      ) : view.provider.name === "stripe" && hydrated ? (
        <Suspense fallback={<p className="card">{t("stripe.loading")}</p>}>
          <StripeCard
            publishableKey={view.provider.publishableKey ?? ""}
            bags={view.bags}
            slotId={view.slotId}
            totalCents={view.breakdown.totalCents}
            promoCode={view.promo?.code ?? null}
            address={view.address}
            payLabel={t("card.pay", { amount: total })}
          />
        </Suspense>
      ) : view.provider.name === "stripe" ? (
        <Form method="post" className="card space-y-3">
          <p className="text-stone-700">{t("hosted.body")}</p>
          <FormProblem message={actionData?.formError} />
          <button type="submit" name="intent" value="payHosted" className="btn-primary w-full" disabled={busy}>
            {t("hosted.pay", { amount: total })}
          </button>
        </Form>
      ) : (
        <CardForm
          payLabel={t("card.pay", { amount: total })}
          busy={busy}
          fieldErrors={actionData?.fieldErrors ?? {}}
          formError={actionData?.formError ?? null}
        />
      )}
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}

function FormProblem({ message }: { message?: string | null }) {
  const { t } = useTranslation(["checkout", "common"]);
  return message ? (
    <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
      {t(message)}
    </p>
  ) : null;
}
