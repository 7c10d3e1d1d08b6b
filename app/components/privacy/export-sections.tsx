// The readable "Download my data" (issue 43): each section titled, each thing in it (a pickup, a session...)
// with its own heading and its lines as a label/value list that stacks on a narrow line. Every text comes
// made from the loader, so this lays out strings only. Printing: no card frame, sections kept whole where
// they fit (Tailwind print: classes; no JavaScript needed).
import type { ExportSection } from "~/lib/data-export";

export function ExportSections({ sections }: { sections: ExportSection[] }) {
  return (
    <>
      {sections.map((section) => (
        <section
          key={section.id}
          id={`export-${section.id}`}
          aria-labelledby={`export-${section.id}-title`}
          className="card mt-4 print:mt-6 print:rounded-none print:border-0 print:p-0"
          data-testid={`export-${section.id}`}
        >
          <h2 id={`export-${section.id}-title`} className="text-lg font-bold text-stone-900">
            {section.title}
          </h2>
          {section.note ? <p className="mt-1 text-sm text-stone-700">{section.note}</p> : null}
          {section.empty ? <p className="mt-1 text-stone-700">{section.empty}</p> : null}
          {section.items.map((item, index) => (
            <div key={index} className="mt-3 break-inside-avoid border-t border-stone-200 pt-3 first-of-type:border-0">
              {item.heading ? <h3 className="font-semibold text-stone-900">{item.heading}</h3> : null}
              <dl className="mt-1 grid grid-cols-[minmax(0,2fr)_minmax(0,3fr)] gap-x-4 gap-y-1 text-sm narrow:grid-cols-1 print:text-xs">
                {item.rows.map((row, rowIndex) => (
                  <div key={rowIndex} className="contents">
                    <dt className="text-stone-600">{row.label}</dt>
                    <dd className="break-words text-stone-900 narrow:mb-1">{row.value}</dd>
                  </div>
                ))}
              </dl>
            </div>
          ))}
        </section>
      ))}
    </>
  );
}
