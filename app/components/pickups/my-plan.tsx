// Issue 45 part 4: "My plan" on a planned pickup's order page and on the profile: the next date,
// interval, bags, window, card and status, and plain forms (no JavaScript needed): skip the next pickup,
// change the interval, bags or window, pause until a date or resume, change the card (remove the saved one;
// the next pickup then waits for a payment whose card can be saved, card-change.server), stop.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PlanChangeForm } from "./my-plan-change";
import { planPayPath } from "~/lib/plan-paths";

export type MyPlanView = {
  id: number;
  originConfirmationNumber: string;
  intervalWeeks: number;
  bagCount: number;
  window: "morning" | "afternoon";
  status: "active" | "paused" | "stopped" | "payment_needed";
  nextDate: string | null;
  nextDateLabel: string | null;
  nextIsBooked: boolean;
  nextBooked: string | null;
  pausedUntil: string | null;
  pausedUntilLabel: string | null;
  skipDateLabel: string | null;
  pauseReason: string | null;
  windowLabel: string;
  card: { brand: string | null; last4: string | null; expMonth: number | null; expYear: number | null } | null;
};

export type PlanRefusal = { planId: string | null; error: string; values?: Record<string, string | number> } | null;

function Fact({ term, children, testId }: { term: string; children: React.ReactNode; testId?: string }) {
  return (
    <div className="flex flex-wrap gap-x-2">
      <dt className="font-semibold">{term}</dt>
      <dd data-testid={testId} className="min-w-0 break-words">
        {children}
      </dd>
    </div>
  );
}

export function MyPlan({
  plan,
  refusal,
  heading = "h2",
}: {
  plan: MyPlanView;
  refusal: PlanRefusal;
  heading?: "h2" | "h3";
}) {
  const { t } = useTranslation(["myplans", "orders"]);
  const busy = useNavigation().state === "submitting";
  const Heading = heading;
  const Sub = heading === "h2" ? "h3" : "h4";
  const stopped = plan.status === "stopped";
  const id = `plan-${plan.id}`;
  const error = refusal && refusal.planId === String(plan.id) ? refusal : null;
  const card = plan.card;
  return (
    <section aria-labelledby={`${id}-title`} className="card space-y-3" data-testid="my-plan" id={id}>
      <Heading id={`${id}-title`} className="text-lg font-semibold">
        {heading === "h2" ? t("title") : t("planOf", { confirmationNumber: plan.originConfirmationNumber })}
      </Heading>
      {error ? (
        <p
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-3 text-sm font-medium text-red-800"
          data-testid="plan-error"
        >
          {t(error.error, error.values)}
        </p>
      ) : null}
      <dl className="space-y-1">
        <Fact term={t("status")} testId="plan-status">
          {t(`statuses.${plan.status}`)}
        </Fact>
        {stopped ? null : (
          <Fact term={t("next")} testId="plan-next">
            {plan.nextDateLabel ?? t("nextNone")}
            {plan.nextBooked ? ` (${t("nextBooked", { confirmationNumber: plan.nextBooked })})` : null}
          </Fact>
        )}
        <Fact term={t("interval")} testId="plan-interval">
          {t("everyWeeks", { count: plan.intervalWeeks })}
        </Fact>
        <Fact term={t("bags")} testId="plan-bags">
          {t("bagsOption", { count: plan.bagCount })}
        </Fact>
        <Fact term={t("window")}>{plan.windowLabel}</Fact>
        <Fact term={t("card")} testId="plan-card">
          {card?.last4
            ? t("cardLine", {
                brand: card.brand ?? "",
                last4: card.last4,
                month: String(card.expMonth ?? "").padStart(2, "0"),
                year: card.expYear ?? "",
              })
            : t("noCard")}
        </Fact>
      </dl>
      {plan.status === "payment_needed" ? (
        <p>
          <Link to={planPayPath(plan.id)} className="btn-primary inline-block min-h-[48px]" data-testid="plan-pay-link">
            {t("pay.link")}
          </Link>
        </p>
      ) : null}
      {plan.pausedUntilLabel ? <p>{t("pausedUntil", { date: plan.pausedUntilLabel })}</p> : null}
      {plan.pauseReason ? <p>{t(`pauseReasons.${plan.pauseReason}`, { defaultValue: "" })}</p> : null}
      {plan.skipDateLabel && !stopped ? (
        <p data-testid="plan-skipped">{t("skippedDate", { date: plan.skipDateLabel })}</p>
      ) : null}
      {stopped ? (
        <p>{t("stoppedNote")}</p>
      ) : (
        <>
          {plan.nextDateLabel && !plan.nextIsBooked ? (
            <Form method="post" className="space-y-2 rounded-lg border border-stone-300 p-3">
              <Sub className="font-semibold">{t("skipTitle")}</Sub>
              <p>{t("skipIntro", { date: plan.nextDateLabel })}</p>
              <input type="hidden" name="planId" value={plan.id} />
              <button
                type="submit"
                name="intent"
                value="plan-skip"
                className="btn-secondary min-h-[48px] w-full sm:w-auto"
                disabled={busy}
              >
                {t("skipButton", { date: plan.nextDateLabel })}
              </button>
            </Form>
          ) : null}
          <PlanChangeForm plan={plan} busy={busy} Sub={Sub} />
          <Form method="post" className="space-y-2 rounded-lg border border-stone-300 p-3">
            <Sub className="font-semibold">{t("pauseTitle")}</Sub>
            <input type="hidden" name="planId" value={plan.id} />
            <label htmlFor={`${id}-paused-until`} className="field-label">
              {t("pauseLabel")}
            </label>
            <p id={`${id}-pause-hint`} className="text-sm text-stone-700">
              {t("pauseHint")}
            </p>
            <input
              id={`${id}-paused-until`}
              name="pausedUntil"
              type="date"
              defaultValue={plan.pausedUntil ?? ""}
              aria-describedby={`${id}-pause-hint`}
              className="field-input w-full max-w-full"
            />
            <div className="flex flex-wrap gap-2">
              <button
                type="submit"
                name="intent"
                value="plan-pause"
                className="btn-secondary min-h-[48px] w-full sm:w-auto"
                disabled={busy}
              >
                {t("pauseButton")}
              </button>
              {plan.status === "paused" ? (
                <button
                  type="submit"
                  name="intent"
                  value="plan-resume"
                  className="btn-secondary min-h-[48px] w-full sm:w-auto"
                  disabled={busy}
                >
                  {t("resumeButton")}
                </button>
              ) : null}
            </div>
          </Form>
          <Form
            method="post"
            className="space-y-2 rounded-lg border border-stone-300 p-3"
            data-testid="plan-card-change"
          >
            <Sub className="font-semibold">{t("cardTitle")}</Sub>
            <p>{t(plan.status === "payment_needed" ? "cardHeldText" : card?.last4 ? "cardText" : "cardNoneText")}</p>
            {plan.status !== "payment_needed" && card?.last4 ? (
              <>
                <input type="hidden" name="planId" value={plan.id} />
                <button
                  type="submit"
                  name="intent"
                  value="plan-card-remove"
                  className="btn-secondary min-h-[48px] w-full sm:w-auto"
                  disabled={busy}
                >
                  {t("cardRemoveButton")}
                </button>
              </>
            ) : null}
          </Form>
          <Form method="post" className="space-y-2 rounded-lg border border-stone-300 p-3">
            <Sub className="font-semibold">{t("stopTitle")}</Sub>
            <p>{t("stopIntro")}</p>
            <input type="hidden" name="planId" value={plan.id} />
            <button
              type="submit"
              name="intent"
              value="plan-stop"
              className="btn-secondary min-h-[48px] w-full sm:w-auto"
              disabled={busy}
            >
              {t("stopButton")}
            </button>
          </Form>
        </>
      )}
    </section>
  );
}
