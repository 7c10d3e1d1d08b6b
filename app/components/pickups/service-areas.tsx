// A pickup's service areas as a resident reads them: their own prefix first, then "and N other areas",
// which opens (a <details>, no JavaScript needed) on the full list.
import { useTranslation } from "react-i18next";

export function ServiceAreas({ own, areas }: { own: string; areas: string[] }) {
  const { t } = useTranslation("orders");
  const others = areas.filter((area) => area !== own);
  if (!others.length) return <span data-testid="service-areas">{own}</span>;
  return (
    <details data-testid="service-areas" className="group">
      <summary className="cursor-pointer">
        {own} <span className="btn-link">{t("history.otherAreas", { count: others.length })}</span>
      </summary>
      <p className="mt-1 break-words text-stone-700" data-testid="other-areas">
        {others.join(", ")}
      </p>
    </details>
  );
}
