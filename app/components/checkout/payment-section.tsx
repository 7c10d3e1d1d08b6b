// How the order is paid, by provider: a free order's confirm button, Stripe Elements (JavaScript on),
// Stripe's hosted page (JavaScript off), or the simulated provider's card form. Errors come from the
// form's reply (translation keys).
import { Form } from "@remix-run/react";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { FormError } from "~/components/ui/plain-field";
import { CardForm } from "./card-form";
import { AcceptTerms } from "./contract-terms";
import { PaymentBoxes } from "./plan-choice";

const StripeCard = lazy(() => import("./stripe-card"));

export type CheckoutPaymentView = {
  /** The checkout being paid (its page's `checkout` parameter): one intent per checkout. */
  checkoutId: string;
  bags: number;
  slotId: number;
  isFree: boolean;
  totalCents: number;
  promoCode: string | null;
  address: string;
  provider: { name: "simulated" | "stripe"; publishableKey: string | null };
};

export function PaymentSection({
  view,
  total,
  busy,
  fieldError,
  ticked,
  value,
  formErrors,
}: {
  view: CheckoutPaymentView;
  /** The total, formatted. */
  total: string;
  busy: boolean;
  fieldError: (name: string) => string | null;
  /** Whether a box of the terms was ticked in a refused post. */
  ticked: (name: string) => boolean;
  /** A field's value in a refused post (the plan chosen). */
  value: (name: string) => string | null;
  formErrors: string[];
}) {
  const { t } = useTranslation(["checkout", "common"]);
  const hydrated = useHydrated();
  const payLabel = t("card.pay", { amount: total });
  if (view.isFree) {
    return (
      <Form method="post" className="card space-y-3">
        <h2 className="font-semibold">{t("free.title")}</h2>
        <p className="text-stone-700">{t("free.body")}</p>
        <FormError id="free-form-error" errors={formErrors} />
        <AcceptTerms error={fieldError} ticked={ticked} />
        <button type="submit" name="intent" value="bookFree" className="btn-primary w-full" disabled={busy}>
          {busy ? t("free.confirming") : t("free.confirm")}
        </button>
      </Form>
    );
  }
  if (view.provider.name === "stripe" && hydrated) {
    return (
      <Suspense fallback={<p className="card">{t("stripe.loading")}</p>}>
        <StripeCard
          publishableKey={view.provider.publishableKey ?? ""}
          checkoutId={view.checkoutId}
          bags={view.bags}
          slotId={view.slotId}
          totalCents={view.totalCents}
          promoCode={view.promoCode}
          address={view.address}
          payLabel={payLabel}
          fieldError={fieldError}
          ticked={ticked}
          value={value}
        />
      </Suspense>
    );
  }
  if (view.provider.name === "stripe") {
    return (
      <Form method="post" className="card space-y-3">
        <p className="text-stone-700">{t("hosted.body")}</p>
        <FormError id="hosted-form-error" errors={formErrors} />
        <PaymentBoxes error={fieldError} value={value} ticked={ticked} />
        <button type="submit" name="intent" value="payHosted" className="btn-primary w-full" disabled={busy}>
          {t("hosted.pay", { amount: total })}
        </button>
      </Form>
    );
  }
  return (
    <CardForm
      payLabel={payLabel}
      busy={busy}
      fieldError={fieldError}
      ticked={ticked}
      value={value}
      formError={formErrors[0] ?? null}
    />
  );
}
