// /terms: the short terms of service beside the privacy page (issue 34).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/privacy/legal-page";
import { titleMeta } from "~/lib/meta";
import { getT, whoWeAre } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "privacy"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "privacy");
  return { title: t("terms.title"), who: whoWeAre() };
}

const PARTS = ["service", "payment", "changes", "refused", "liability", "law"] as const;

export default function Terms() {
  const { title, who } = useLoaderData<typeof loader>();
  const { t } = useTranslation("privacy");
  return (
    <article className="mx-auto max-w-2xl text-stone-800">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2">{t("terms.intro", { business: who.business, address: who.address })}</p>
      {PARTS.map((part) => (
        <Section key={part} id={`terms-${part}`} title={t(`terms.${part}Title`)}>
          <p>{t(`terms.${part}`)}</p>
        </Section>
      ))}
      <p className="mt-6">
        <Link to="/privacy" className="underline">
          {t("terms.privacy")}
        </Link>
      </p>
    </article>
  );
}
