// /checkout?bags=2&slotId=123: the order's summary, a promo code, the pickup address, and paying (or
// confirming a free order). A resident who cannot check out is sent where they can (booking-steps).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CancellationTerms } from "~/components/checkout/cancellation-terms";
import { OrderSummary } from "~/components/checkout/order-summary";
import { PaymentSection } from "~/components/checkout/payment-section";
import { PromoBox } from "~/components/checkout/promo-box";
import { Toaster } from "~/components/toaster";
import { useReply } from "~/components/ui/plain-field";
import { formatDate, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { formatMoney } from "~/lib/pricing";
import { quoteBooking } from "~/services/booking/quote.server";
import { checkoutDetour, readCheckoutParams } from "~/services/http/booking-steps.server";
import { runCheckoutIntent } from "~/services/http/checkout-actions.server";
import { requireUser } from "~/services/http/session.server";
import { redirectWithToast } from "~/services/http/toast.server";
import { paymentProvider } from "~/services/payments/index.server";
import { getLanguage, getT } from "~/services/http/i18n.server";

export const handle = { i18n: ["common", "checkout"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const booking = readCheckoutParams(new URL(request.url));
  const detour = checkoutDetour(user, booking);
  if (detour || !booking) throw await redirectWithToast(request, detour!.to, { type: "error", title: detour!.toast });
  const lng = await getLanguage(request);
  const t = await getT(request, "checkout");
  const quote = quoteBooking(user, booking);
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
  const booking = readCheckoutParams(new URL(request.url));
  if (!booking) {
    return redirectWithToast(request, "/booking", { type: "error", title: "checkout:toast.missingBooking" });
  }
  return runCheckoutIntent(request, user, booking);
}

export default function Checkout() {
  const { t, i18n } = useTranslation(["checkout", "common"]);
  const view = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const reply = useReply(actionData?.reply, "checkout");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";

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

      <PromoBox promo={view.promo} bags={view.bags} error={reply.error("code")} busy={busy} />

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
          <Link to={`/profile?bags=${view.bags}&slotId=${view.slotId}`} className="btn-link shrink-0 py-2">
            {t("address.edit")}
          </Link>
        </div>
      </section>

      <PaymentSection
        view={{
          bags: view.bags,
          slotId: view.slotId,
          isFree: view.breakdown.isFree,
          totalCents: view.breakdown.totalCents,
          promoCode: view.promo?.code ?? null,
          address: view.address,
          provider: view.provider,
        }}
        total={formatMoney(view.breakdown.totalCents, i18n.language)}
        busy={busy}
        fieldError={reply.error}
        formErrors={reply.formErrors}
      />
      <CancellationTerms free={view.breakdown.isFree} />
      <Toaster toast={actionData?.toast ?? null} />
    </div>
  );
}
