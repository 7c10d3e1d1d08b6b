// A held place paid on-session (a plan's held cycle at /plans/{id}/pay, issue 45; a pickup booked by phone
// at /pay/{token}, issue 46 part 5): what is held (date, window, bags, amount, until when) and the way to
// pay it: with Stripe, hosted Checkout (a plain form post); otherwise the simulated card form, plain too.
// With `terms` (the phone booking's link, issue 43), the form asks for the terms' boxes before paying.
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { CardForm } from "./card-form";
import { AcceptTerms } from "./contract-terms";

type HeldView = { date: string; window: string; bags: number; amount: string; heldUntil: string | null };

export function HeldSummary({ held, title, intro }: { held: HeldView; title: string; intro: string }) {
  const { t } = useTranslation(["myplans"]);
  return (
    <section className="card space-y-2" aria-labelledby="held-title" data-testid="held-pickup">
      <h2 id="held-title" className="font-semibold">
        {title}
      </h2>
      <p>{intro}</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 narrow:grid-cols-1">
        <dt className="text-stone-600">{t("myplans:pay.date")}</dt>
        <dd>{held.date}</dd>
        <dt className="text-stone-600">{t("myplans:pay.window")}</dt>
        <dd>{held.window}</dd>
        <dt className="text-stone-600">{t("myplans:pay.bags")}</dt>
        <dd>{t("myplans:pay.bagCount", { count: held.bags })}</dd>
        <dt className="text-stone-600">{t("myplans:pay.amount")}</dt>
        <dd className="font-semibold" data-testid="held-amount">
          {held.amount}
        </dd>
        {held.heldUntil ? (
          <>
            <dt className="text-stone-600">{t("myplans:pay.heldUntilLabel")}</dt>
            <dd data-testid="held-until">{held.heldUntil}</dd>
          </>
        ) : null}
      </dl>
    </section>
  );
}

export function HeldPayForm({
  provider,
  amount,
  busy,
  reply,
  extra,
  terms = false,
}: {
  provider: string;
  amount: string;
  busy: boolean;
  reply: { error: (name: string) => string | null; value: (name: string) => string; formErrors: string[] };
  /** A box or note shown above the pay button (the plan's "Save this card"). */
  extra?: ReactNode;
  /** The terms' boxes in the paying form (a pickup booked by phone; a plan's cycle accepted them already). */
  terms?: boolean;
}) {
  const ticked = (name: string) => reply.value(name) === "on";
  const { t } = useTranslation(["checkout"]);
  if (provider === "stripe") {
    return (
      <Form method="post" className="card space-y-3">
        <p className="text-stone-700">{t("checkout:hosted.body")}</p>
        {extra}
        {terms ? <AcceptTerms error={reply.error} ticked={ticked} /> : null}
        <button type="submit" name="intent" value="payHosted" className="btn-primary w-full" disabled={busy}>
          {t("checkout:hosted.pay", { amount })}
        </button>
      </Form>
    );
  }
  return (
    <CardForm
      payLabel={t("checkout:card.pay", { amount })}
      busy={busy}
      fieldError={reply.error}
      ticked={ticked}
      value={reply.value}
      formError={reply.formErrors[0] ?? null}
      plain
      extra={extra}
      terms={terms}
    />
  );
}
