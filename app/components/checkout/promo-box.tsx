import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Apply a promo code; once applied the code is locked and can only be removed. */
export function PromoBox({
  promo,
  error,
  typed,
  busy,
}: {
  promo: { code: string; percent: number } | null;
  bags: number;
  error: string | null;
  /** The code a refused attempt sent, shown again to be corrected. */
  typed?: string;
  busy: boolean;
}) {
  const { t } = useTranslation(["checkout", "common"]);
  return (
    <Form method="post" className="card space-y-2">
      <label id="promo-label" htmlFor="promo-code" className="field-label">
        {t("promo.label")}
      </label>
      <div className="flex gap-2 narrow:flex-col">
        <input
          id="promo-code"
          name="code"
          className="field-input mt-0 uppercase"
          defaultValue={promo?.code ?? typed ?? ""}
          readOnly={Boolean(promo)}
          aria-readonly={promo ? true : undefined}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          aria-invalid={error ? true : undefined}
          aria-describedby="promo-message"
        />
        {promo ? (
          <button type="submit" name="intent" value="removePromo" className="btn-secondary shrink-0" disabled={busy}>
            {t("promo.remove")}
          </button>
        ) : (
          <button type="submit" name="intent" value="applyPromo" className="btn-secondary shrink-0" disabled={busy}>
            {t("promo.apply")}
          </button>
        )}
      </div>
      <p id="promo-message" aria-live="polite" className={error ? "field-error" : "text-sm text-brand-700"}>
        {error ? t(error) : promo ? t("promo.appliedLabel", { code: promo.code }) : null}
      </p>
    </Form>
  );
}
