// One accepted-material category: a disclosure with its icon and name, what is and is not accepted, and
// how to prepare it.
import { useTranslation } from "react-i18next";
import { MaterialIcon, materialColor } from "~/components/material-icon";
import { descriptionParagraphs, preparationSteps, type MaterialMatch } from "~/lib/material-text";

export function MaterialCard({
  material,
  open,
  q,
  partners = [],
}: {
  material: MaterialMatch;
  open: boolean;
  q: string;
  /** Issue 47: the partners this category goes to (kept at /admin/partners), with what becomes of it. */
  partners?: Array<{ name: string; fate: string }>;
}) {
  const { t } = useTranslation(["materials", "common", "impact"]);
  const color = materialColor(material.color);
  const paragraphs = descriptionParagraphs(material.description);
  const steps = preparationSteps(material.preparationNote);
  return (
    <details
      id={material.category}
      open={open || undefined}
      className={`group rounded-xl border border-l-4 border-stone-200 bg-white shadow-sm ${color.edge}`}
    >
      <summary className="flex min-h-[56px] cursor-pointer list-none items-center gap-3 rounded-xl px-3 py-2 narrow:flex-wrap [&::-webkit-details-marker]:hidden">
        <span className={`flex h-10 w-10 shrink-0 items-center justify-center rounded-full ${color.badge}`}>
          <MaterialIcon name={material.icon} />
        </span>
        {/* On a short line (large text) the name takes a row of its own, under the badge and the triangle. */}
        <span className="min-w-0 flex-1 narrow:order-last narrow:basis-full">
          <span className="block font-semibold leading-snug text-stone-900" data-testid="material-name">
            {material.name}
          </span>
          {material.matchedItems.length > 0 ? (
            <span className="block text-sm text-stone-700" data-testid="matched-items">
              {t("matchedItems", { items: material.matchedItems.join(", ") })}
            </span>
          ) : null}
          {material.onlyInNotAccepted ? (
            <span className="mt-0.5 inline-block rounded bg-red-50 px-1.5 text-xs font-semibold text-red-800">
              {t("onlyNotAccepted")}
            </span>
          ) : null}
        </span>
        <svg
          viewBox="0 0 20 20"
          className="h-5 w-5 shrink-0 fill-current text-stone-500 transition-transform group-open:rotate-180 narrow:ml-auto"
          aria-hidden="true"
        >
          <path d="M5 7l5 6 5-6z" />
        </svg>
      </summary>
      <div className="space-y-3 border-t border-stone-100 px-4 pb-4 pt-3 text-stone-800">
        {material.onlyInNotAccepted ? (
          <p className="text-sm font-medium text-red-800">{t("onlyNotAcceptedHint", { q })}</p>
        ) : null}
        {paragraphs.map((p, i) =>
          p.label ? (
            <p
              key={i}
              className="flex gap-2 rounded-lg border border-red-200 bg-red-50 p-3 text-red-950"
              data-not-accepted=""
            >
              <MaterialIcon name="x-circle" className="mt-0.5 h-5 w-5 shrink-0 text-red-700" />
              <span className="min-w-0">
                <strong className="font-bold">{p.label}</strong> {p.text}
              </span>
            </p>
          ) : (
            <p key={i}>{p.text}</p>
          ),
        )}
        <p className="pt-1 font-semibold text-stone-900">{t("howToPrepare")}</p>
        <ol className="list-decimal space-y-1 pl-6 marker:font-semibold marker:text-stone-600">
          {steps.map((step, i) => (
            <li key={i}>{step}</li>
          ))}
        </ol>
        {partners.length ? (
          <div className="rounded-lg bg-brand-50 p-3 text-sm" data-testid="material-partners">
            <p className="font-semibold text-brand-800">
              {t("impact:materials.goesTo", { partners: partners.map((p) => p.name).join(", ") })}
            </p>
            {partners.map((p) => (p.fate ? <p key={p.name}>{p.fate}</p> : null))}
          </div>
        ) : null}
      </div>
    </details>
  );
}
