// An admin's correction of a marked stop (issue 42), on the pickup's admin view: what really happened
// (Completed, Missed with its reason, or not done yet), a plain form.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReasonFields } from "./reason-fields";

export function CorrectStop({ status, reason, busy }: { status: string; reason: string | null; busy: boolean }) {
  const { t } = useTranslation("stops");
  const view = { status, missedReason: reason };
  return (
    <section aria-labelledby="correct-stop" className="card space-y-2">
      <h2 id="correct-stop" className="text-lg font-semibold">
        {t("correct.title")}
      </h2>
      <p className="text-stone-700">{t("correct.intro")}</p>
      <Form method="post" className="space-y-3" data-testid="correct-form">
        <input type="hidden" name="intent" value="correct" />
        <fieldset className="space-y-1">
          <legend className="field-label">{t("correct.status")}</legend>
          {(["Completed", "Missed", "Scheduled"] as const).map((status) => (
            <div key={status} className="flex items-center gap-2">
              <input
                type="radio"
                id={`status-${status}`}
                name="status"
                value={status}
                required
                defaultChecked={view.status === status}
                className="h-5 w-5"
              />
              <label htmlFor={`status-${status}`}>{t(`correct.status${status}`)}</label>
            </div>
          ))}
        </fieldset>
        <ReasonFields idPrefix="correct-reason" defaultValue={view.missedReason} required={false} />
        <button type="submit" className="btn-primary" disabled={busy}>
          {t("correct.save")}
        </button>
      </Form>
    </section>
  );
}
