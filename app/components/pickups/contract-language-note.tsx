// Issue 43 part 3: a receipt follows the page's language, but a pickup's contract may be in French while
// the page is in English. Then the receipt says so and offers its French version: the language switcher's
// own form (a plain POST to /language that comes back here), so it works without JavaScript.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function ContractLanguageNote({
  contractLanguage,
  path,
}: {
  contractLanguage: "fr" | "en" | null;
  /** Where the language switcher comes back to: this receipt. */
  path: string;
}) {
  const { t, i18n } = useTranslation("orders");
  if (contractLanguage !== "fr" || i18n.language !== "en") return null;
  return (
    <Form
      method="post"
      action="/language"
      className="card flex flex-wrap items-center gap-2"
      data-testid="contract-language-note"
    >
      <p className="grow">{t("order.contractFrench")}</p>
      <input type="hidden" name="lng" value="fr" />
      <input type="hidden" name="redirectTo" value={path} />
      <button type="submit" className="btn-secondary print:hidden" lang="fr">
        {t("order.contractFrenchAction")}
      </button>
    </Form>
  );
}
