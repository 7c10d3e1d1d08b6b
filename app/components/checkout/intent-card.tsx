// Stripe's Payment Element (JavaScript on, Stripe provider) for a held place paid on a page of its own: a
// plan's held cycle (/plans/{id}/pay, issue 45) and a pickup booked by phone (/pay/{token}, issue 46 part 5).
// Deferred-intent flow: elements.submit; the page's own action (intent "stripeIntent", a fetcher) checks the
// form's boxes (the terms of /pay/{token}, refused at the box as without JavaScript: no intent is made) and
// answers the PaymentIntent to confirm; confirmPayment; then the page again with `payment_intent`, whose
// loader reads it back and books the held place once (a 3-D Secure redirect comes back there too). Only the
// boxes go to our server, never the card. Stripe.js not loaded: the page's hosted form (onFailed). Only this
// lazy module imports Stripe.
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElementsOptions } from "@stripe/stripe-js";
import { useFetcher } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useBroughtIntoView, useReply } from "~/components/ui/plain-field";
import { messageKey } from "./stripe-messages";

/** The page action's refusal of the form's boxes, as the boxes read it (error keys, values sent). */
type IntentReply = ReturnType<typeof useReply>;

type Props = {
  publishableKey: string;
  amountCents: number;
  payLabel: string;
  /** The page itself: its action makes the intent, its loader books the paid place. */
  pagePath: string;
  /** The form's id (its refusal's ids derive from it). */
  formId: string;
  /** The boxes of the form above the pay button (the terms, a consent), given the action's refusal. */
  children?: (reply: IntentReply) => ReactNode;
  /** The box that, ticked, saves the card (the Element and the intent say the same): its name. */
  saveCardField?: string;
  /** Stripe.js could not be loaded: the page shows hosted Checkout instead. */
  onFailed: () => void;
};

type IntentAnswer = { stripe?: { clientSecret: string; intentId: string }; reply?: unknown } | undefined;

let stripePromise: Promise<Stripe | null> | null = null;
const LOAD_TIMEOUT_MS = 10_000;
const APPEARANCE = {
  theme: "stripe",
  variables: { colorPrimary: "#12672f", colorText: "#1c1917", fontSizeBase: "16px", borderRadius: "8px" },
} as const;

export default function IntentCard(props: Props) {
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
      <IntentPaymentForm {...props} />
    </Elements>
  );
}

const ERROR_BOX = "rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800";

/** The form's boxes as the page's action reads them (a ticked box is "on"); the card stays with Stripe. */
function boxesOf(form: HTMLFormElement): Record<string, string> {
  const fields: Record<string, string> = { intent: "stripeIntent" };
  for (const input of form.querySelectorAll<HTMLInputElement>('input[type="checkbox"]:checked')) {
    if (input.name) fields[input.name] = input.value || "on";
  }
  return fields;
}

function IntentPaymentForm({ payLabel, pagePath, formId, children, saveCardField, onFailed }: Props) {
  const { t } = useTranslation(["checkout", "common"]);
  const stripe = useStripe();
  const elements = useElements();
  const fetcher = useFetcher<IntentAnswer>();
  const reply = useReply(fetcher.data?.reply, formId);
  const [error, setError] = useState<string | null>(null);
  // A decline appears below the card field: brought into view and focused, as the checkout's card form does.
  const errorRef = useBroughtIntoView<HTMLParagraphElement>(Boolean(error));
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  /** The intent asked for and not confirmed yet (a fetcher's answer is read once). */
  const waiting = useRef(false);
  const fail = (message: string | null) => {
    waiting.current = false;
    setError(message);
    setBusy(false);
  };

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!stripe || !elements) return setError(t("stripe.formError"));
    const fields = boxesOf(event.currentTarget);
    setBusy(true);
    setError(null);
    // The card is saved only with the consent: Stripe's element and the intent say the same.
    if (saveCardField) elements.update({ setupFutureUsage: fields[saveCardField] ? "off_session" : null });
    const submitted = await elements.submit();
    if (submitted.error) return fail(submitted.error.message ?? t("stripe.incomplete"));
    waiting.current = true;
    fetcher.submit(fields, { method: "post", action: pagePath });
  }

  useEffect(() => {
    if (fetcher.state !== "idle" || !waiting.current || !stripe || !elements) return;
    const answer = fetcher.data;
    // A box refused (said at the box), or the page's redirect (paid already, the link spent: its toast).
    if (answer?.reply || !answer) return fail(null);
    if (!answer.stripe) return fail(t("stripe.setupFailed"));
    waiting.current = false;
    const back = `${pagePath}?payment_intent=${encodeURIComponent(answer.stripe.intentId)}`;
    void stripe
      .confirmPayment({
        elements,
        clientSecret: answer.stripe.clientSecret,
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
    <form
      id={formId}
      ref={reply.formProps.ref}
      onInput={reply.formProps.onInput}
      onSubmit={pay}
      noValidate
      className="card space-y-3"
      aria-labelledby={`${formId}-title`}
      data-testid="payment-element-form"
    >
      <h2 id={`${formId}-title`} className="font-semibold">
        {t("card.methodTitle")}
      </h2>
      <PaymentElement options={{ layout: "tabs" }} onReady={() => setReady(true)} onLoadError={onFailed} />
      {error ? (
        <p ref={errorRef} role="alert" tabIndex={-1} className={`scroll-mt-3 ${ERROR_BOX}`}>
          {error}
        </p>
      ) : null}
      {children?.(reply)}
      <button type="submit" className="btn-primary w-full" disabled={busy || !stripe || !elements || !ready}>
        {busy ? t("card.paying") : payLabel}
      </button>
    </form>
  );
}
