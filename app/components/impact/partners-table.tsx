// The admins' partner list (/admin/partners): each partner with what it takes and what becomes of the
// material in both languages, an Edit link (?edit=<id>) and a Remove button (a plain form post).
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RowAction, tableClass, tdClass, TableHead } from "~/components/admin/ui";
import type { PartnerView } from "./partners";

export function PartnersTable({
  partners,
  busy,
}: {
  partners: Array<PartnerView & { takes: string[] }>;
  busy: boolean;
}) {
  const { t } = useTranslation(["partners", "common"]);
  return (
    <div className="card mt-2 overflow-x-auto p-0">
      <table className={`${tableClass} stack-on-phone`} data-testid="partners-table">
        <caption className="sr-only">{t("caption")}</caption>
        <TableHead
          columns={[
            t("columns.name"),
            t("columns.takes"),
            t("columns.fateEn"),
            t("columns.fateFr"),
            { label: t("columns.actions"), hidden: true },
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {partners.map((p) => (
            <tr key={p.id} data-partner={p.id}>
              <td className={tdClass}>
                <span className="block font-semibold text-stone-900">{p.name}</span>
                {p.city ? <span className="block text-stone-700">{p.city}</span> : null}
                {p.website ? (
                  <a href={p.website} className="btn-link break-all text-sm" rel="external noreferrer">
                    {p.website}
                  </a>
                ) : null}
              </td>
              <td className={tdClass}>{p.takes.join(", ")}</td>
              <td className={tdClass} lang="en">
                {p.fateEn}
              </td>
              <td className={tdClass} lang="fr">
                {p.fateFr}
              </td>
              <td className={tdClass}>
                <div className="flex flex-wrap gap-2">
                  <Link to={`?edit=${p.id}`} className="btn-secondary" aria-label={t("editLabel", { name: p.name })}>
                    {t("edit")}
                  </Link>
                  <RowAction
                    name="id"
                    value={p.id}
                    intent="remove"
                    label={t("remove")}
                    ariaLabel={t("removeLabel", { name: p.name })}
                    disabled={busy}
                  />
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
