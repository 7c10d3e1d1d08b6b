// /checkout?bags=2&slotId=123: the order's summary, a promo code, the pickup address, and paying (or
// confirming a free order). A resident who cannot check out is sent where they can (booking-steps).
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { ContractTerms } from "~/components/checkout/contract-terms";
import { CheckoutPaid } from "~/components/checkout/checkout-paid";
import { PriceLines } from "~/components/checkout/price-lines";
import { PaymentSection } from "~/components/checkout/payment-section";
import { PromoBox } from "~/components/checkout/promo-box";
import { Toaster } from "~/components/toaster";
import { useReply } from "~/components/ui/plain-field";
import { formatDate, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { addressIn } from "~/lib/profile";
import { formatPhoneOrNull } from "~/lib/phone";
import {
  redirect,
  checkoutQuote,
  paidCheckoutView,
  readCheckoutParams,
  newCheckoutId,
  parseCheckoutId,
  requireUser,
  redirectWithToast,
  paymentProvider,
  getLanguage,
  getT,
  whoWeAre,
  BOOKING_PATH,
} from "~/services/http/pages.server";
import { runCheckoutIntent } from "./checkout-actions.server";
import { checkoutAmounts } from "./checkout-amounts.server";

export const handle = { i18n: ["common", "checkout"] };
export const meta: MetaFunction = titleMeta;
/** Never from a cache: Back after paying must ask the server, which answers that the checkout is paid. */
export const headers: HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const url = new URL(request.url);
  const booking = readCheckoutParams(url);
  const checkoutId = parseCheckoutId(url.searchParams.get("checkout"));
  if (booking && !checkoutId) {
    // Each arrival from /booking is a new checkout, named in the URL so Back and reloads find it again.
    url.searchParams.set("checkout", newCheckoutId());
    throw redirect(url.pathname + url.search, { headers: { "Cache-Control": "private, no-store" } });
  }
  const paid = checkoutId ? await paidCheckoutView(request, user, checkoutId) : null;
  if (paid) {
    const t = await getT(request, "checkout");
    return { title: t("paid.title"), paid, checkout: null };
  }
  const { quote, detour } = checkoutQuote(user, booking);
  if (detour) throw await redirectWithToast(request, detour.to, { type: "error", title: detour.toast });
  const lng = await getLanguage(request);
  const t = await getT(request, "checkout");
  const provider = paymentProvider();
  const who = whoWeAre();
  return {
    title: t("title"),
    paid: null,
    checkout: {
      id: checkoutId!,
      bags: quote.breakdown.bags,
      slotId: quote.slot.id,
      date: formatDate(quote.slot.date, lng),
      window: windowLabel(quote.slot.window, lng),
      breakdown: quote.breakdown,
      // The amounts and the cancellation fee already formatted in the page's language (checkout-amounts.server).
      ...checkoutAmounts(quote.breakdown, lng),
      promo: quote.promo,
      address: quote.address,
      // Shown for a last check before paying: what the driver will read at the door.
      pickupNotes: user.pickupNotes,
      phone: formatPhoneOrNull(user.phone),
      email: user.email,
      provider: { name: provider.name, testMode: provider.testMode, publishableKey: provider.publishableKey },
      /** The merchant the resident contracts with (issue 43): the configured identity, never a literal. */
      merchant: {
        business: who.business,
        address: who.address,
        supportPhone: who.supportPhone,
        supportEmail: who.supportEmail,
      },
    },
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const booking = readCheckoutParams(new URL(request.url));
  if (!booking) {
    return redirectWithToast(request, BOOKING_PATH, { type: "error", title: "checkout:toast.missingBooking" });
  }
  return runCheckoutIntent(request, user, booking, parseCheckoutId(new URL(request.url).searchParams.get("checkout")));
}

export default function Checkout() {
  const { t, i18n } = useTranslation(["checkout", "common"]);
  const data = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const reply = useReply(actionData?.reply, "checkout");
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  if (data.paid) return <CheckoutPaid {...data.paid} />;
  const view = data.checkout!;

  return (
    <div className="space-y-4">
      {/* A refusal shown at the payment form (a declined card) is said there, once: not again in a toast at
          the top of the page, out of view on a phone (issue 42, part 6). */}
      <Toaster toast={reply.formErrors.length ? null : (actionData?.toast ?? null)} />
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

      <PriceLines
        bags={view.bags}
        date={view.date}
        window={view.window}
        breakdown={view.breakdown}
        money={(cents) => view.amounts[cents] ?? ""}
      />

      <PromoBox
        promo={view.promo}
        bags={view.bags}
        error={reply.error("code")}
        typed={reply.value("code")}
        busy={busy}
      />

      <section className="card" aria-labelledby="address-title">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <div className="min-w-0 flex-1 basis-48">
            <h2 id="address-title" className="font-semibold">
              {t("address.title")}
            </h2>
            <p className="mt-1 text-stone-700" data-testid="pickup-address">
              {addressIn(view.address, i18n.language)}
            </p>
            <p className="mt-1 text-sm text-stone-700" data-testid="pickup-notes">
              {view.pickupNotes ? t("address.notes", { notes: view.pickupNotes }) : t("address.noNotes")}
            </p>
            {view.phone ? (
              <p className="text-sm text-stone-700" data-testid="pickup-phone">
                {t("address.phone", { phone: view.phone })}
              </p>
            ) : null}
          </div>
          <Link
            to={`/profile?bags=${view.bags}&slotId=${view.slotId}`}
            className="btn-link shrink-0 py-2 narrow:shrink"
          >
            {t("address.edit")}
          </Link>
        </div>
      </section>

      <ContractTerms merchant={view.merchant} cancellationFee={view.cancellationFee} />

      <PaymentSection
        view={{
          checkoutId: view.id,
          bags: view.bags,
          slotId: view.slotId,
          isFree: view.breakdown.isFree,
          totalCents: view.breakdown.totalCents,
          promoCode: view.promo?.code ?? null,
          address: view.address,
          provider: view.provider,
        }}
        total={view.amounts[view.breakdown.totalCents] ?? ""}
        busy={busy}
        fieldError={reply.error}
        ticked={(name) => reply.value(name) === "on"}
        value={reply.value}
        formErrors={reply.formErrors}
      />
    </div>
  );
}
