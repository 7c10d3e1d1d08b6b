// /profile/export: "Download my data" as a page a person reads (issue 43 part 7), in the page's language:
// every section titled, amounts in dollars, times in Montreal time, printable (print: classes, no
// JavaScript), with "Download as JSON" beside it (/profile/export.json, the same file as GET
// /api/auth/export). Both are made from the same export (services/privacy/export); only one's own data.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ExportSections } from "~/components/privacy/export-sections";
import { EXPORT_JSON_PATH } from "~/lib/data-export";
import { titleMeta } from "~/lib/meta";
import { exportPage, requireUser } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "export"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  return exportPage(request, user);
}

export default function MyData() {
  const view = useLoaderData<typeof loader>();
  const { t } = useTranslation("export");
  return (
    <article className="mx-auto max-w-2xl text-stone-800 print:max-w-none">
      <h1 className="page-title">{view.title}</h1>
      <p className="mt-2" data-testid="export-intro">
        {view.intro}
      </p>
      <div className="mt-3 space-y-2 print:hidden">
        <p>
          {/* A plain link to a file: the browser saves the attachment (Content-Disposition), with or without JS. */}
          <a href={EXPORT_JSON_PATH} download className="btn-secondary inline-block" data-testid="export-json">
            {t("json")}
          </a>
        </p>
        <p className="text-sm text-stone-700">{t("jsonHint")}</p>
        <p className="text-sm text-stone-700">{t("print")}</p>
        <p>
          <Link to="/profile" className="btn-link">
            {t("back")}
          </Link>
        </p>
      </div>
      <nav aria-labelledby="export-contents" className="mt-4 print:hidden">
        <h2 id="export-contents" className="font-semibold text-stone-900">
          {t("contents")}
        </h2>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {view.sections.map((s) => (
            <li key={s.id}>
              <a href={`#export-${s.id}`} className="btn-link">
                {s.title}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <ExportSections sections={view.sections} />
    </article>
  );
}
