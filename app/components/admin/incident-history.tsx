// An incident entry's history on its page (/admin/privacy/{id}; issue 43 part 6): each version, newest
// first, with who saved it, when, and each field it changed, before and after.
import { useTranslation } from "react-i18next";
import type { IncidentField, IncidentState } from "~/lib/incidents";
import { TYPED, useFieldValue } from "./incidents";

type HistoryRow = {
  version: number;
  changedBy: string;
  changedAt: string;
  changed: IncidentField[];
  state: IncidentState;
};

/** Each version, newest first: who saved it, when, and each field it changed (before and after). */
export function IncidentHistory({ history }: { history: HistoryRow[] }) {
  const { t } = useTranslation(["privacy", "common"]);
  const show = useFieldValue();
  return (
    <section aria-labelledby="entry-history" className="card space-y-3">
      <h2 id="entry-history" className="text-lg font-semibold">
        {t("incidents.entry.historyTitle")}
      </h2>
      <ol className="space-y-4" data-testid="incident-history">
        {history.map((v, i) => {
          const before = history[i + 1]?.state ?? null;
          return (
            <li key={v.version} className="border-t border-stone-200 pt-3" data-version={v.version}>
              <h3 className="font-semibold">{t("incidents.entry.version", { version: v.version })}</h3>
              <p className="break-words text-sm text-stone-700">
                {t("incidents.entry.by", { who: v.changedBy, when: v.changedAt })}
              </p>
              {before ? (
                <ul className="mt-2 space-y-2">
                  {v.changed.map((field) => (
                    <li key={field} data-changed={field}>
                      <p className="font-medium">{t(`incidents.field.${field}`)}</p>
                      <p className="whitespace-pre-line break-words text-sm">
                        <span className="text-stone-600">
                          {t("incidents.labelled", { label: t("incidents.entry.before") })}{" "}
                        </span>
                        <del data-typed={TYPED.has(field) || undefined}>{show(field, before[field])}</del>
                      </p>
                      <p className="whitespace-pre-line break-words text-sm">
                        <span className="text-stone-600">
                          {t("incidents.labelled", { label: t("incidents.entry.after") })}{" "}
                        </span>
                        <ins className="no-underline" data-typed={TYPED.has(field) || undefined}>
                          {show(field, v.state[field])}
                        </ins>
                      </p>
                    </li>
                  ))}
                </ul>
              ) : (
                <p className="mt-1 text-sm">{t("incidents.entry.first")}</p>
              )}
            </li>
          );
        })}
      </ol>
    </section>
  );
}
