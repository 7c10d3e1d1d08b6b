// Stripe Elements (JavaScript on, Stripe provider): the card goes straight to Stripe; our server then
// reads the PaymentIntent back before it books. Loaded only on checkout with the Stripe provider. When Stripe.js
// cannot load (blocked, offline, an error in Stripe's script, or still not there after LOAD_TIMEOUT_MS), the
// spec's "Payment System Error" with a Refresh button and Stripe's hosted page (the no-JavaScript path) instead.
import { CardElement, Elements, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe } from "@stripe/stripe-js";
import { Form, useNavigate, useNavigation } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";

type Props = {
  publishableKey: string;
  checkoutId: string;
  bags: number;
  slotId: number;
  totalCents: number;
  promoCode: string | null;
  address: string;
  payLabel: string;
};

let stripePromise: Promise<Stripe | null> | null = null;

/** Stripe.js not loaded after this long is shown as a failure. */
const LOAD_TIMEOUT_MS = 10_000;

export default function StripeCard(props: Props) {
  const { t } = useTranslation(["checkout", "common"]);
  const promise = useMemo(
    () => (stripePromise ??= loadStripe(props.publishableKey).catch(() => null)),
    [props.publishableKey],
  );
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!props.publishableKey) return;
    let done = false;
    const timer = window.setTimeout(() => {
      if (!done) setFailed(true);
    }, LOAD_TIMEOUT_MS);
    void promise.then((stripe) => {
      if (done) return;
      done = true;
      window.clearTimeout(timer);
      if (!stripe) {
        stripePromise = null; // the next checkout tries again
        setFailed(true);
      }
    });
    return () => {
      done = true;
      window.clearTimeout(timer);
    };
  }, [promise, props.publishableKey]);
  if (!props.publishableKey) {
    return <p className="card font-semibold">{t("stripe.unavailable")}</p>;
  }
  if (failed) return <StripeLoadFailed />;
  return (
    <Elements stripe={promise}>
      <StripeCardForm {...props} />
    </Elements>
  );
}

/** Stripe.js is not there: refresh, or pay on Stripe's hosted page (the checkout action's payHosted intent). */
function StripeLoadFailed() {
  const { t } = useTranslation(["checkout", "common"]);
  const busy = useNavigation().state !== "idle";
  return (
    <div className="card space-y-3" role="alert" data-testid="stripe-load-failed">
      <h2 className="font-semibold text-red-800">{t("stripe.systemError")}</h2>
      <p className="text-stone-700">{t("stripe.systemErrorBody")}</p>
      <button type="button" className="btn-primary w-full" onClick={() => window.location.reload()}>
        {t("stripe.refresh")}
      </button>
      <Form method="post">
        <button type="submit" name="intent" value="payHosted" className="btn-secondary w-full" disabled={busy}>
          {t("stripe.payHosted")}
        </button>
      </Form>
    </div>
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

function StripeCardForm({ checkoutId, bags, slotId, totalCents, promoCode, address, payLabel }: Props) {
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
        checkoutId,
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
