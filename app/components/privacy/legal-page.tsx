// The pieces the privacy, terms, accessibility and help pages are made of: a section with its heading,
// and a list of translated points.
import { useTranslation } from "react-i18next";

export function Section({ id, title, children }: { id: string; title: string; children: React.ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-6 space-y-2">
      <h2 id={id} className="text-lg font-bold text-stone-900">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The texts `${prefix}.${key}` of the privacy namespace, one list item each. */
export function Points({
  prefix,
  keys,
  values = {},
}: {
  prefix: string;
  keys: readonly string[];
  values?: Record<string, Record<string, string | number>>;
}) {
  const { t } = useTranslation("privacy");
  return (
    <ul className="list-disc space-y-1 pl-5 text-stone-800" data-testid={`${prefix}-list`}>
      {keys.map((key) => (
        <li key={key}>{t(`${prefix}.${key}`, values[key] ?? {})}</li>
      ))}
    </ul>
  );
}
