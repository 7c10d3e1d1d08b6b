// /plans/{id}/pay with JavaScript and the Stripe provider (issue 45 part 3): Stripe's Payment Element for a
// plan's held pickup, deferred-intent flow: elements.submit, the held cycle's PaymentIntent from the page's
// own action (intent "stripeIntent", a fetcher: with "Save this card for my plan" ticked, an intent made to
// save the card), confirmPayment; then the page with `payment_intent`, whose loader reads it back and books
// the held place once (a 3-D Secure redirect comes back there too). Stripe.js not loaded: the hosted page's
// form (onFailed). Only this lazy module imports Stripe.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElementsOptions } from "@stripe/stripe-js";
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { messageKey } from "~/components/checkout/stripe-messages";

type Props = {
  publishableKey: string;
  amountCents: number;
  payLabel: string;
  /** The page itself (`/plans/{id}/pay`): its action makes the intent, its loader books the paid place. */
  pagePath: string;
  /** The consent box ("Save this card for my plan"), named saveCardConsent. */
  saveBox: ReactNode;
  /** Stripe.js could not be loaded: the page shows hosted Checkout instead. */
  onFailed: () => void;
};

type IntentAnswer = { stripe?: { clientSecret: string; intentId: string } } | undefined;

let stripePromise: Promise<Stripe | null> | null = null;
const LOAD_TIMEOUT_MS = 10_000;
const APPEARANCE = {
  theme: "stripe",
  variables: { colorPrimary: "#12672f", colorText: "#1c1917", fontSizeBase: "16px", borderRadius: "8px" },
} as const;

export default function HeldStripeCard(props: Props) {
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
      <HeldPaymentForm {...props} />
    </Elements>
  );
}

const ERROR_BOX = "rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800";

function HeldPaymentForm({ payLabel, pagePath, saveBox, onFailed }: Props) {
  const { t } = useTranslation(["checkout", "common"]);
  const stripe = useStripe();
  const elements = useElements();
  const fetcher = useFetcher<IntentAnswer>();
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  /** The intent asked for and not confirmed yet (a fetcher's answer is read once). */
  const waiting = useRef(false);
  const fail = (message: string) => {
    waiting.current = false;
    setError(message);
    setBusy(false);
  };

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return setError(t("stripe.formError"));
    const box = event.currentTarget.elements.namedItem("saveCardConsent") as HTMLInputElement | null;
    const save = box?.checked === true;
    setBusy(true);
    setError(null);
    // The card is saved only with the consent: Stripe's element and the intent say the same.
    elements.update({ setupFutureUsage: save ? "off_session" : null });
    const submitted = await elements.submit();
    if (submitted.error) return fail(submitted.error.message ?? t("stripe.incomplete"));
    waiting.current = true;
    fetcher.submit({ intent: "stripeIntent", ...(save ? { saveCardConsent: "on" } : {}) }, { method: "post" });
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !stripe || !elements) return;
    const answer = fetcher.data?.stripe;
    if (!answer) return fail(t("stripe.setupFailed"));
    waiting.current = false;
    const back = `${pagePath}?payment_intent=${encodeURIComponent(answer.intentId)}`;
    void stripe
      .confirmPayment({
        elements,
        clientSecret: answer.clientSecret,
        confirmParams: { return_url: `${window.location.origin}${pagePath}` },
        redirect: "if_required",
      })
      .then((result) => {
        if (!result.error) return window.location.assign(back);
        // Paid already (a second tab, an answer lost on the way): the page reads it back and books it.
        if (result.error.code === "payment_intent_unexpected_state") return window.location.assign(back);
        const key = messageKey(result.error);
        fail(key ? t(key) : (result.error.message ?? t("card.errors.processing_error")));
      })
      .catch(() => fail(t("errors.generic")));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- read once per answer of the fetcher
  }, [fetcher.state, fetcher.data]);

  return (
    <form onSubmit={pay} className="card space-y-3" aria-labelledby="card-title" data-testid="payment-element-form">
      <h2 id="card-title" className="font-semibold">
        {t("card.methodTitle")}
      </h2>
      <PaymentElement options={{ layout: "tabs" }} onReady={() => setReady(true)} onLoadError={onFailed} />
      {error ? (
        <p role="alert" className={ERROR_BOX}>
          {error}
        </p>
      ) : null}
      {saveBox}
      <button type="submit" className="btn-primary w-full" disabled={busy || !stripe || !elements || !ready}>
        {busy ? t("card.paying") : payLabel}
      </button>
    </form>
  );
}
