// The order page's "Bags" section (issue 45 part 5): until the 12-hour cutoff, a booked pickup's bags
// change between 1, 2 and 4. Plain forms that work without JavaScript: choosing (GET ?bags=) shows what it
// costs or gives back; fewer bags are confirmed (the difference refunded in full, no fee), more bags pay
// the difference with the card form (the simulated provider's; 3-D Secure goes on to the bank's page), or,
// with Stripe, its Payment Element with JavaScript (bag-stripe-card, through the JSON API) and its hosted
// Checkout without (intent "bagsHosted": Stripe's page, then back here).
import { Form } from "@remix-run/react";
import { lazy, Suspense, useCallback, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { formatMoney } from "~/lib/pricing";

export type BagChangeView = {
  current: number;
  options: Array<{ bags: number; differenceCents: number; totalCents: number }>;
  chosen: { bags: number; differenceCents: number; totalCents: number } | null;
  cardForm: boolean;
  /** The Stripe provider's key (its Payment Element, JavaScript on), else null. */
  stripeKey: string | null;
  pickupId: number;
  confirmationNumber: string;
};

const BagStripeCard = lazy(() => import("./bag-stripe-card"));

const CARD_FIELDS = [
  { name: "cardNumber", label: "card.number", autoComplete: "cc-number", inputMode: "numeric", maxLength: 23 },
  { name: "expiry", label: "card.expiry", autoComplete: "cc-exp", inputMode: "numeric", maxLength: 7 },
  { name: "cvc", label: "card.cvc", autoComplete: "cc-csc", inputMode: "numeric", maxLength: 4 },
  { name: "postalCode", label: "card.postalCode", autoComplete: "postal-code", inputMode: "text", maxLength: 7 },
] as const;

export function BagChange({ view }: { view: BagChangeView }) {
  const { t, i18n } = useTranslation(["orders", "checkout"]);
  const money = (cents: number) => formatMoney(cents, i18n.language);
  const effect = (difference: number) =>
    difference > 0
      ? t("bagChange.toPay", { amount: money(difference) })
      : difference < 0
        ? t("bagChange.toRefund", { amount: money(-difference) })
        : t("bagChange.noDifference");
  const { chosen } = view;
  const hydrated = useHydrated();
  const [stripeFailed, setStripeFailed] = useState(false);
  const onStripeFailed = useCallback(() => setStripeFailed(true), []);
  return (
    <section id="bag-change" className="card space-y-3 print:hidden" aria-labelledby="bag-change-title">
      <h2 id="bag-change-title" className="font-semibold">
        {t("bagChange.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("bagChange.intro")}</p>
      <Form method="get" preventScrollReset className="space-y-3">
        <fieldset>
          <legend className="field-label">{t("bagChange.legend")}</legend>
          <div className="space-y-2">
            {view.options.map((option) => (
              <label key={option.bags} className="flex items-start gap-2">
                <input
                  type="radio"
                  name="bags"
                  value={option.bags}
                  defaultChecked={option.bags === (chosen?.bags ?? view.current)}
                  className="mt-1"
                />
                <span>
                  {t("history.bags", { count: option.bags })}
                  {option.bags === view.current ? (
                    <span className="text-stone-600"> — {t("bagChange.currentChoice")}</span>
                  ) : (
                    <span className="block text-sm text-stone-700">
                      {t("bagChange.newTotal", { amount: money(option.totalCents) })}; {effect(option.differenceCents)}
                    </span>
                  )}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <button type="submit" className="btn-secondary w-full">
          {t("bagChange.see")}
        </button>
      </Form>
      {chosen ? (
        <div className="space-y-3 border-t border-stone-200 pt-3" data-testid="bag-change-chosen">
          <p className="font-semibold">
            {t("bagChange.summary", {
              from: t("history.bags", { count: view.current }),
              to: t("history.bags", { count: chosen.bags }),
            })}
          </p>
          <p>
            {t("bagChange.newTotal", { amount: money(chosen.totalCents) })}; {effect(chosen.differenceCents)}
          </p>
          {chosen.differenceCents > 1 ? (
            view.cardForm ? (
              <Form method="post" noValidate className="space-y-3" aria-labelledby="bag-card-title">
                <h3 id="bag-card-title" className="font-semibold">
                  {t("checkout:card.title")}
                </h3>
                <input type="hidden" name="bags" value={chosen.bags} />
                <div className="grid grid-cols-2 gap-3 narrow:grid-cols-1">
                  {CARD_FIELDS.map((field) => (
                    <div key={field.name} className={field.name === "cardNumber" ? "col-span-2 narrow:col-span-1" : ""}>
                      <label htmlFor={`bag-${field.name}`} className="field-label">
                        {t(`checkout:${field.label}`)}
                      </label>
                      <input
                        id={`bag-${field.name}`}
                        name={field.name}
                        type="text"
                        className="field-input"
                        autoComplete={field.autoComplete}
                        inputMode={field.inputMode}
                        maxLength={field.maxLength}
                        required
                      />
                    </div>
                  ))}
                </div>
                <button type="submit" name="intent" value="bagsPay" className="btn-primary w-full">
                  {t("bagChange.pay", { amount: money(chosen.differenceCents) })}
                </button>
              </Form>
            ) : view.stripeKey && hydrated && !stripeFailed ? (
              <Suspense fallback={<p>{t("checkout:stripe.loading")}</p>}>
                <BagStripeCard
                  publishableKey={view.stripeKey}
                  pickupId={view.pickupId}
                  confirmationNumber={view.confirmationNumber}
                  bags={chosen.bags}
                  amountCents={chosen.differenceCents}
                  payLabel={t("bagChange.pay", { amount: money(chosen.differenceCents) })}
                  onFailed={onStripeFailed}
                />
              </Suspense>
            ) : (
              // Without JavaScript (or without Stripe.js): Stripe's hosted page, then back here.
              <Form method="post" className="space-y-3">
                <p className="text-sm text-stone-700">{t("bagChange.hostedBody")}</p>
                <input type="hidden" name="bags" value={chosen.bags} />
                <button type="submit" name="intent" value="bagsHosted" className="btn-primary w-full">
                  {t("bagChange.pay", { amount: money(chosen.differenceCents) })}
                </button>
              </Form>
            )
          ) : (
            <Form method="post">
              <input type="hidden" name="bags" value={chosen.bags} />
              <button type="submit" name="intent" value="bagsDown" className="btn-primary w-full">
                {chosen.differenceCents < 0
                  ? t("bagChange.confirmRefund", {
                      count: chosen.bags,
                      amount: money(-chosen.differenceCents),
                    })
                  : t("bagChange.confirm", { count: chosen.bags })}
              </button>
            </Form>
          )}
        </div>
      ) : null}
    </section>
  );
}

export type LedgerView = Array<{
  id: number;
  amountCents: number;
  refundedCents: number;
  createdAt: number;
  bagChange: boolean;
}>;

/** The receipt's payments and refunds: the booking's payment, each bag change's, and what was refunded of each. */
export function PaymentLedger({ ledger }: { ledger: LedgerView }) {
  const { t, i18n } = useTranslation("orders");
  const money = (cents: number) => formatMoney(cents, i18n.language);
  if (ledger.length < 2 && !ledger.some((p) => p.refundedCents > 0 && p.bagChange)) return null;
  return (
    <section className="card" aria-labelledby="ledger-title" data-testid="payment-ledger">
      <h2 id="ledger-title" className="font-semibold">
        {t("bagChange.ledgerTitle")}
      </h2>
      <ul className="mt-2 space-y-1">
        {ledger.map((p) => (
          <li key={p.id}>
            {t(p.bagChange ? "bagChange.ledgerBagChange" : "bagChange.ledgerBooking", { amount: money(p.amountCents) })}
            {p.refundedCents > 0 ? (
              <span className="block text-sm text-stone-700">
                {t("bagChange.ledgerRefunded", { amount: money(p.refundedCents) })}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
