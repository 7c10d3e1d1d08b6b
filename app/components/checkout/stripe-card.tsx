// Stripe's Payment Element (JavaScript on, Stripe provider; cards, Apple Pay, Google Pay, Link where Stripe offers
// them), deferred-intent flow: elements.submit, the checkout's one PaymentIntent from our server, confirmPayment; a
// redirect (3-D Secure, a wallet) returns to /checkout/return, which books it. Stripe.js not loaded (blocked, offline,
// an error, LOAD_TIMEOUT_MS): "Payment System Error", Refresh, the hosted page. Only this lazy module imports Stripe.
import { confirmationPath } from "~/lib/pickup-status";
import { Elements, PaymentElement, useElements, useStripe } from "@stripe/react-stripe-js";
import { loadStripe, type Stripe, type StripeElementsOptions } from "@stripe/stripe-js";
import { Form, useNavigate, useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useBroughtIntoView } from "~/components/ui/plain-field";
import { paymentBoxes, PaymentBoxes, type PaymentRefusal } from "./plan-choice";
import { messageKey } from "./stripe-messages";

type Props = {
  publishableKey: string;
  checkoutId: string;
  bags: number;
  slotId: number;
  totalCents: number;
  promoCode: string | null;
  address: string;
  payLabel: string;
  /** The checkout form's reply: a refused box of the hosted fallback's post. */
  fieldError: (name: string) => string | null;
  ticked: (name: string) => boolean;
  value: (name: string) => string | null;
};

let stripePromise: Promise<Stripe | null> | null = null;

/** Stripe.js not loaded after this long is shown as a failure. */
const LOAD_TIMEOUT_MS = 10_000;

const APPEARANCE = {
  theme: "stripe",
  variables: { colorPrimary: "#12672f", colorText: "#1c1917", fontSizeBase: "16px", borderRadius: "8px" },
} as const;

export default function StripeCard(props: Props) {
  const { t, i18n } = useTranslation(["checkout", "common"]);
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
  const locale = i18n.language?.startsWith("fr") ? "fr" : "en";
  const options = useMemo<StripeElementsOptions>(
    () => ({ mode: "payment", amount: props.totalCents, currency: "cad", locale, appearance: APPEARANCE }),
    [props.totalCents, locale],
  );
  if (!props.publishableKey) {
    return <p className="card font-semibold">{t("stripe.unavailable")}</p>;
  }
  if (failed) return <StripeLoadFailed fieldError={props.fieldError} ticked={props.ticked} value={props.value} />;
  return (
    <Elements stripe={promise} options={options}>
      <PaymentForm {...props} onFailed={() => setFailed(true)} />
    </Elements>
  );
}

/** Stripe.js is not there: refresh, or pay on Stripe's hosted page (the checkout action's payHosted intent). */
function StripeLoadFailed({ fieldError, ticked, value }: Pick<Props, "fieldError" | "ticked" | "value">) {
  const { t } = useTranslation(["checkout", "common"]);
  const busy = useNavigation().state !== "idle";
  return (
    <div className="card space-y-3" role="alert" data-testid="stripe-load-failed">
      <h2 className="font-semibold text-red-800">{t("stripe.systemError")}</h2>
      <p className="text-stone-700">{t("stripe.systemErrorBody")}</p>
      <button type="button" className="btn-primary w-full" onClick={() => window.location.reload()}>
        {t("stripe.refresh")}
      </button>
      <Form method="post" className="space-y-3">
        <PaymentBoxes error={fieldError} value={value} ticked={ticked} />
        <button type="submit" name="intent" value="payHosted" className="btn-secondary w-full" disabled={busy}>
          {t("stripe.payHosted")}
        </button>
      </Form>
    </div>
  );
}

const ERROR_BOX = "rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800";
type Answer = { ok: boolean; status: number; json: Record<string, unknown> };

async function postJson(url: string, body: unknown): Promise<Answer> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
    credentials: "same-origin",
  });
  const json = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  return { ok: response.ok, status: response.status, json };
}

/** This checkout is paid already (Back, a reload, a second tab): its page says so. */
const isPaidAnswer = (answer: Answer) => answer.status === 409 && answer.json.code === "checkout_paid";

function PaymentForm(props: Props & { onFailed: () => void }) {
  const { checkoutId, bags, slotId, totalCents, promoCode, address, payLabel, onFailed } = props;
  const { t, i18n } = useTranslation(["checkout", "common"]);
  const stripe = useStripe();
  const elements = useElements();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [error, setError] = useState<string | null>(null);
  const errorRef = useBroughtIntoView<HTMLParagraphElement>(Boolean(error));
  const [busy, setBusy] = useState(false);
  const [ready, setReady] = useState(false);
  /** The box not ticked when Pay was pressed: said next to it, and nothing is sent. */
  const [refusedBox, setRefusedBox] = useState<PaymentRefusal | null>(null);
  const query = `checkout=${encodeURIComponent(checkoutId)}&bags=${bags}&slotId=${slotId}`;

  /** The checkout's page asked again: once paid, it says so and links to the confirmation. */
  const showPaid = () => revalidator.revalidate();

  async function book(paymentIntentId: string, contract: Record<string, unknown>) {
    const pickup = await postJson("/api/pickup-requests", {
      bagsRequested: bags,
      pickupSlotId: slotId,
      totalPrice: totalCents / 100,
      address,
      paymentIntentId,
      ...contract,
    });
    // 201 booked now; 409 with its number: this payment was booked already (the other tab, or our server).
    const booked = pickup.ok || (pickup.status === 409 && typeof pickup.json.confirmationNumber === "string");
    if (booked) return navigate(confirmationPath(String(pickup.json.confirmationNumber)));
    setError(typeof pickup.json.message === "string" ? pickup.json.message : t("stripe.confirmationFailed"));
    // Not booked, refunded (the slot filled, or another tab paid this checkout): a paid checkout shows its page.
    if (pickup.status === 409) showPaid();
  }

  async function pay(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Issue 45: the plan chosen and the consent to keep the card travel with the intent and the booking.
    const { chosen, refusal } = paymentBoxes(event.currentTarget, i18n.language);
    setRefusedBox(refusal ?? null);
    if (!chosen) return;
    if (!stripe || !elements) return setError(t("stripe.formError"));
    setBusy(true);
    setError(null);
    try {
      const submitted = await elements.submit();
      if (submitted.error) return setError(submitted.error.message ?? t("stripe.incomplete"));
      const intent = await postJson("/api/create-payment-intent", {
        checkoutId,
        amount: totalCents,
        bagCount: bags,
        slotId,
        promoCode,
        ...chosen,
      });
      if (isPaidAnswer(intent)) return showPaid();
      if (!intent.ok)
        return setError(typeof intent.json.message === "string" ? intent.json.message : t("stripe.setupFailed"));
      const paymentIntentId = String(intent.json.paymentIntentId);
      const result = await stripe.confirmPayment({
        elements,
        clientSecret: String(intent.json.clientSecret),
        confirmParams: { return_url: `${window.location.origin}/checkout/return?${query}` },
        redirect: "if_required",
      });
      if (result.error) {
        // Already paid (a second tab, or an answer lost on the way): our server books it or says it is booked.
        if (result.error.code === "payment_intent_unexpected_state") return await book(paymentIntentId, chosen);
        const key = messageKey(result.error);
        return setError(key ? t(key) : (result.error.message ?? t("card.errors.processing_error")));
      }
      if (result.paymentIntent.status === "succeeded") return await book(paymentIntentId, chosen);
      // Processing, or anything else: the return page reads the intent back and says what happened.
      window.location.assign(`/checkout/return?${query}&payment_intent=${encodeURIComponent(paymentIntentId)}`);
    } catch {
      setError(t("errors.generic"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form onSubmit={pay} className="card space-y-3" aria-labelledby="card-title" data-testid="payment-element-form">
      <h2 id="card-title" className="font-semibold">
        {t("card.methodTitle")}
      </h2>
      <PaymentElement options={{ layout: "tabs" }} onReady={() => setReady(true)} onLoadError={onFailed} />
      {error ? (
        <p ref={errorRef} role="alert" tabIndex={-1} className={`scroll-mt-3 ${ERROR_BOX}`}>
          {error}
        </p>
      ) : null}
      <PaymentBoxes error={(name) => (refusedBox?.field === name ? refusedBox.key : null)} />
      <button type="submit" className="btn-primary w-full" disabled={busy || !stripe || !elements || !ready}>
        {busy ? t("card.paying") : payLabel}
      </button>
    </form>
  );
}
