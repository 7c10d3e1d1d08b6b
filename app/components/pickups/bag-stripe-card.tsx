// The order page's "more bags" payment with JavaScript and the Stripe provider (issue 45 part 5): Stripe's
// Payment Element for the difference, through the same JSON API as the app: POST /api/create-payment-intent
// `{ pickupRequestId, bagCount }` makes the intent, confirmPayment pays it, then PUT /api/pickup-requests/{id}
// `{ bagCount, paymentIntentId }` applies the change; the order page then shows it. A 3-D Secure redirect
// comes back to the order page with `payment_intent`, whose loader applies it (the reconcile does, at worst).
// Stripe.js not loaded: the page's words say so (onFailed). Only this lazy module imports Stripe.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElementsOptions } from "@stripe/stripe-js";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/components/checkout/stripe-messages";

type Props = {
  publishableKey: string;
  pickupId: number;
  confirmationNumber: string;
  bags: number;
  amountCents: number;
  payLabel: string;
  onFailed: () => void;
};

let stripePromise: Promise<Stripe | null> | null = null;
const LOAD_TIMEOUT_MS = 10_000;
const APPEARANCE = {
  theme: "stripe",
  variables: { colorPrimary: "#12672f", colorText: "#1c1917", fontSizeBase: "16px", borderRadius: "8px" },
} as const;

export default function BagStripeCard(props: Props) {
  const { i18n } = useTranslation();
  const { publishableKey, onFailed } = props;
  const promise = useMemo(() => (stripePromise ??= loadStripe(publishableKey).catch(() => null)), [publishableKey]);
  useEffect(() => {
    let done = false;
    const timer = window.setTimeout(() => !done && onFailed(), LOAD_TIMEOUT_MS);
    void promise.then((stripe) => {
      done = true;
      window.clearTimeout(timer);
      if (!stripe) {
        stripePromise = null;
        onFailed();
      }
    });
    return () => {
      done = true;
      window.clearTimeout(timer);
    };
  }, [promise, onFailed]);
  const locale = i18n.language?.startsWith("fr") ? "fr" : "en";
  const options = useMemo<StripeElementsOptions>(
    () => ({ mode: "payment", amount: props.amountCents, currency: "cad", locale, appearance: APPEARANCE }),
    [props.amountCents, locale],
  );
  return (
    <Elements stripe={promise} options={options}>
      <BagPaymentForm {...props} />
    </Elements>
  );
}

async function sendJson(method: "POST" | "PUT", url: string, body: unknown) {
  const response = await fetch(url, {
    method,
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, json };
}

const ERROR_BOX = "rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800";

function BagPaymentForm({ pickupId, confirmationNumber, bags, payLabel, onFailed }: Props) {
  const { t } = useTranslation(["checkout", "orders", "common"]);
  const stripe = useStripe();
  const elements = useElements();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  const page = `/order/${encodeURIComponent(confirmationNumber)}`;
  const message = (json: Record<string, unknown>, fallback: string) =>
    typeof json.message === "string" ? json.message : t(fallback);

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return setError(t("stripe.formError"));
    setBusy(true);
    setError(null);
    try {
      const submitted = await elements.submit();
      if (submitted.error) return setError(submitted.error.message ?? t("stripe.incomplete"));
      const intent = await sendJson("POST", "/api/create-payment-intent", {
        pickupRequestId: pickupId,
        bagCount: bags,
      });
      if (!intent.ok) return setError(message(intent.json, "stripe.setupFailed"));
      const paymentIntentId = String(intent.json.paymentIntentId);
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: String(intent.json.clientSecret),
        confirmParams: { return_url: `${window.location.origin}${page}?bags=${bags}` },
        redirect: "if_required",
      });
      if (result.error && result.error.code !== "payment_intent_unexpected_state") {
        const key = messageKey(result.error);
        return setError(key ? t(key) : (result.error.message ?? t("card.errors.processing_error")));
      }
      const applied = await sendJson("PUT", `/api/pickup-requests/${pickupId}`, { bagCount: bags, paymentIntentId });
      if (!applied.ok) return setError(message(applied.json, "orders:bagChange.failed"));
      window.location.assign(`${page}#bag-change`);
    } catch {
      setError(t("errors.generic"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={pay} className="space-y-3" aria-labelledby="bag-card-title" data-testid="bag-payment-element">
      <h3 id="bag-card-title" className="font-semibold">
        {t("card.methodTitle")}
      </h3>
      <PaymentElement options={{ layout: "tabs" }} onReady={() => setReady(true)} onLoadError={onFailed} />
      {error ? (
        <p role="alert" className={ERROR_BOX}>
          {error}
        </p>
      ) : null}
      <button type="submit" className="btn-primary w-full" disabled={busy || !stripe || !elements || !ready}>
        {busy ? t("card.paying") : payLabel}
      </button>
    </form>
  );
}
