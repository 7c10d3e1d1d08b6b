// On the order page of a pickup we missed by our fault (issue 42 part 2): the apology and the choice,
// a free new pickup of the same bags in a window of the next 14 days or a full refund, each a plain form
// (no JavaScript needed); once chosen, what was chosen (the new pickup, or where the refund stands).
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { orderPath } from "~/lib/paths";

export type OurFaultView = {
  open: boolean;
  chosen: "rebook" | "refund" | null;
  refundCents: number;
  refund: string;
  refundStatus: "succeeded" | "pending" | "failed" | null;
  rebookedAs: string | null;
  reason: string | null;
  slots: Array<{ id: number; label: string }>;
};

export function OurFault({ view, bags }: { view: OurFaultView; bags: number }) {
  const { t } = useTranslation(["stops", "orders"]);
  const busy = useNavigation().state === "submitting";
  return (
    <section id="our-fault" aria-labelledby="our-fault-title" className="card space-y-3" data-testid="our-fault">
      <h2 id="our-fault-title" className="text-lg font-semibold">
        {t("remedy.title")}
      </h2>
      {view.reason ? (
        <p className="text-stone-700">{t("remedy.missedReason", { reason: t(`reasons.${view.reason}`) })}</p>
      ) : null}
      {view.chosen === "rebook" && view.rebookedAs ? (
        <p data-testid="our-fault-chosen">
          {t("remedy.rebooked", { confirmationNumber: view.rebookedAs })}{" "}
          <Link className="btn-link" to={orderPath(view.rebookedAs)}>
            {t("remedy.seeRebook")}
          </Link>
        </p>
      ) : null}
      {view.chosen === "refund" ? (
        <p data-testid="our-fault-chosen">
          {t("remedy.refunded", { amount: view.refund })}{" "}
          {view.refundStatus ? `(${t(`refundStatus.${view.refundStatus}`)})` : null}
        </p>
      ) : null}
      {view.open ? (
        <>
          <p>{t("remedy.intro")}</p>
          <div className="space-y-2 rounded-lg border border-stone-300 p-3">
            <h3 className="font-semibold">{t("remedy.rebookTitle")}</h3>
            <p>{t("remedy.rebookIntro", { bags: t("orders:history.bags", { count: bags }) })}</p>
            {view.slots.length ? (
              <Form method="post" className="space-y-2">
                <input type="hidden" name="intent" value="rebook" />
                <label htmlFor="rebook-slot" className="field-label">
                  {t("remedy.window")}
                </label>
                <select id="rebook-slot" name="slotId" className="field-input w-full max-w-full" required>
                  {view.slots.map((slot) => (
                    <option key={slot.id} value={slot.id}>
                      {slot.label}
                    </option>
                  ))}
                </select>
                <button type="submit" className="btn-primary min-h-[48px] w-full sm:w-auto" disabled={busy}>
                  {t("remedy.rebookButton")}
                </button>
              </Form>
            ) : (
              <p>{t("remedy.noSlots")}</p>
            )}
          </div>
          {view.refundCents > 0 ? (
            <div className="space-y-2 rounded-lg border border-stone-300 p-3">
              <h3 className="font-semibold">{t("remedy.refundTitle")}</h3>
              <p>{t("remedy.refundIntro", { amount: view.refund })}</p>
              <Form method="post">
                <input type="hidden" name="intent" value="refund" />
                <button type="submit" className="btn-secondary min-h-[48px] w-full sm:w-auto" disabled={busy}>
                  {t("remedy.refundButton", { amount: view.refund })}
                </button>
              </Form>
            </div>
          ) : null}
        </>
      ) : null}
    </section>
  );
}
