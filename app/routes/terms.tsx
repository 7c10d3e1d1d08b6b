// /terms: the terms of service (issue 34), French first (issue 43): the contract's text is in French unless
// the visitor expressly chose English for it (?lang=en, the "I choose English" link), whatever the browser's
// language, with its version and date; the page around it stays in the visitor's language, and an English
// visitor reads at the top, in English, that the French version governs, with the link to the English one.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/privacy/legal-page";
import { titleMeta } from "~/lib/meta";
import { getLanguage, getT, termsLanguageOf, termsText } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "privacy"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "privacy");
  const terms = await termsText(termsLanguageOf(new URL(request.url)));
  return { title: t("terms.title"), pageLng: await getLanguage(request), terms };
}

export default function Terms() {
  const { title, pageLng, terms } = useLoaderData<typeof loader>();
  const { t } = useTranslation("privacy");
  const english = terms.lng === "en";
  return (
    <article className="mx-auto max-w-2xl text-stone-800">
      <h1 className="page-title">{title}</h1>
      {/* In the visitor's language: which version this is, and the way to the other one. */}
      <div className="mt-2 rounded border border-stone-300 bg-stone-50 p-3" data-testid="terms-language">
        {english ? (
          <p>
            {t("terms.englishChosen")}{" "}
            <Link to="/terms" className="underline" hrefLang="fr">
              {t("terms.backToFrench")}
            </Link>
          </p>
        ) : (
          <p>
            {pageLng === "fr" ? null : <>{t("terms.frenchFirst")} </>}
            <Link to="/terms?lang=en" className="underline" hrefLang="en">
              {t("terms.chooseEnglish")}
            </Link>
          </p>
        )}
      </div>
      {/* The contract, in its own language (marked when it is not the page's). */}
      <div lang={terms.lng === pageLng ? undefined : terms.lng} data-testid="terms-text">
        <p className="mt-4">{terms.intro}</p>
        <p className="mt-1 text-sm text-stone-600" data-testid="terms-version">
          {terms.versionLine}
        </p>
        {terms.sections.map((section) => (
          <Section key={section.id} id={section.id} title={section.title}>
            <p>{section.text}</p>
            {section.id === "terms-refused" ? (
              <ul className="list-disc space-y-1 pl-5" data-testid="terms-refused-items">
                {terms.refusedItems.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            ) : null}
          </Section>
        ))}
        <p className="mt-6">
          <Link to="/privacy" className="underline">
            {terms.privacy}
          </Link>
        </p>
      </div>
    </article>
  );
}
