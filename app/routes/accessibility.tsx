// /accessibility: the accessibility statement linked from every page's footer (issue 34).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Points, Section } from "~/components/privacy/legal-page";
import { titleMeta } from "~/lib/meta";
import { getT, whoWeAre } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "privacy"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "privacy");
  return { title: t("accessibility.title"), who: whoWeAre() };
}

const MEASURES = ["noJs", "reflow", "keyboard", "messages", "languages"] as const;

export default function Accessibility() {
  const { title, who } = useLoaderData<typeof loader>();
  const { t } = useTranslation("privacy");
  return (
    <article className="mx-auto max-w-2xl text-stone-800">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2">{t("accessibility.intro")}</p>
      <Section id="standard" title={t("accessibility.standardTitle")}>
        <p>{t("accessibility.standard")}</p>
      </Section>
      <Section id="measures" title={t("accessibility.measuresTitle")}>
        <Points prefix="accessibility.measures" keys={MEASURES} />
      </Section>
      <Section id="feedback" title={t("accessibility.feedbackTitle")}>
        <p>{t("accessibility.feedback", { email: who.supportEmail, phone: who.supportPhone })}</p>
      </Section>
    </article>
  );
}
