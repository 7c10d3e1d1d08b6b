// No category matches the search: say so, offer the support address and a way back to the full list.
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function NoMatch({
  q,
  email,
}: {
  q: string;
  /** The support address, or "" when there is none. */ email: string;
}) {
  const { t } = useTranslation(["materials", "common"]);
  return (
    <div className="card mt-3 space-y-3">
      <h2 className="text-lg font-semibold">{t("empty.title", { q })}</h2>
      <p className="text-stone-700">{t("empty.body")}</p>
      {email ? (
        <p className="text-stone-700">
          {t("empty.supportBefore")}
          <a href={`mailto:${email}`} className="btn-link">
            {email}
          </a>
          {t("empty.supportAfter")}
        </p>
      ) : null}
      <Link to="/materials" className="btn-secondary w-full">
        {t("empty.clear")}
      </Link>
    </div>
  );
}
