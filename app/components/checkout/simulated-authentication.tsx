// The simulated bank's 3-D Secure step (test mode): the amount and card, and one form with two buttons,
// Complete or Fail authentication. A plain form post, so it works without JavaScript.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const BRANDS: Record<string, string> = {
  visa: "Visa",
  mastercard: "Mastercard",
  amex: "American Express",
  discover: "Discover",
  jcb: "JCB",
};

export function SimulatedAuthentication(props: {
  amount: string;
  cardBrand: string | null;
  cardLast4: string | null;
  busy: boolean;
}) {
  const { t } = useTranslation(["checkout", "common"]);
  const brand = props.cardBrand ? (BRANDS[props.cardBrand] ?? props.cardBrand) : null;
  return (
    <section className="card mx-auto max-w-md space-y-4" aria-labelledby="authenticate-title">
      <h1 id="authenticate-title" className="page-title">
        {t("authenticate.title")}
      </h1>
      <p className="text-stone-700">{t("authenticate.intro")}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-stone-600">{t("authenticate.amount")}</dt>
        <dd className="text-lg font-semibold" data-testid="authenticate-amount">
          {props.amount}
        </dd>
        {brand && props.cardLast4 ? (
          <>
            <dt className="text-stone-600">{t("authenticate.card")}</dt>
            <dd>{t("authenticate.cardValue", { brand, last4: props.cardLast4 })}</dd>
          </>
        ) : null}
      </dl>
      <Form method="post" aria-label={t("authenticate.choose")} className="flex flex-col gap-3">
        <button
          type="submit"
          name="outcome"
          value="complete"
          className="btn-primary w-full"
          disabled={props.busy}
          aria-busy={props.busy || undefined}
        >
          {props.busy ? t("authenticate.working") : t("authenticate.complete")}
        </button>
        <button type="submit" name="outcome" value="fail" className="btn-secondary w-full" disabled={props.busy}>
          {t("authenticate.fail")}
        </button>
      </Form>
      <p className="text-sm text-stone-600">{t("authenticate.note")}</p>
    </section>
  );
}
