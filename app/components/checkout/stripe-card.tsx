// Stripe Elements (JavaScript on, Stripe provider): the card goes straight to Stripe; our server then
// reads the PaymentIntent back before it books. Loaded only on checkout with the Stripe provider.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { useNavigate } from "@remix-run/react";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  publishableKey: string;
  bags: number;
  slotId: number;
  totalCents: number;
  promoCode: string | null;
  address: string;
  payLabel: string;
};

let stripePromise: Promise<Stripe | null> | null = null;

export default function StripeCard(props: Props) {
  const { t } = useTranslation(["checkout", "common"]);
  const promise = useMemo(
    () => (stripePromise ??= loadStripe(props.publishableKey).catch(() => null)),
    [props.publishableKey],
  );
  if (!props.publishableKey) {
    return <p className="card font-semibold">{t("stripe.unavailable")}</p>;
  }
  return (
    <Elements stripe={promise}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

/** Stripe's error codes to the spec's messages. */
function messageFor(error: { code?: string; decline_code?: string; message?: string }): string {
  const code = error.decline_code === "insufficient_funds" ? "insufficient_funds" : error.code;
  switch (code) {
    case "card_declined":
      return "card.errors.card_declined";
    case "insufficient_funds":
      return "card.errors.insufficient_funds";
    case "incorrect_cvc":
    case "invalid_cvc":
      return "card.errors.incorrect_cvc";
    case "expired_card":
      return "card.errors.expired_card";
    case "payment_intent_authentication_failure":
      return "card.errors.authentication_failed";
    default:
      return error.message ?? "card.errors.processing_error";
  }
}

async function postJson(url: string, body: unknown) {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(json.message ?? `${response.status}: ${response.statusText}`);
  return json;
}

function StripeCardForm({ bags, slotId, totalCents, promoCode, address, payLabel }: Props) {
  const { t } = useTranslation(["checkout", "common"]);
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) {
      setError(t("stripe.formError"));
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const intent = await postJson("/api/create-payment-intent", {
        amount: totalCents,
        bagCount: bags,
        slotId,
        promoCode,
      });
      const result = await stripe.confirmCardPayment(intent.clientSecret, { payment_method: { card } });
      if (result.error) {
        setError(t(messageFor(result.error)));
        return;
      }
      const pickup = await postJson("/api/pickup-requests", {
        bagsRequested: bags,
        pickupSlotId: slotId,
        totalPrice: totalCents / 100,
        address,
        paymentIntentId: intent.paymentIntentId,
      }).catch(() => {
        throw new Error(t("stripe.confirmationFailed"));
      });
      navigate(`/confirmation?confirmationNumber=${pickup.confirmationNumber}`);
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("errors.generic"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={pay} className="card space-y-3" aria-labelledby="card-title">
      <h2 id="card-title" className="font-semibold">
        {t("card.title")}
      </h2>
      <div className="rounded-lg border border-stone-400 bg-white p-3">
        <CardElement options={{ hidePostalCode: false, style: { base: { fontSize: "16px" } } }} />
      </div>
      {error ? (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800">
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy || !stripe}>
        {busy ? t("card.paying") : payLabel}
      </button>
    </form>
  );
}
