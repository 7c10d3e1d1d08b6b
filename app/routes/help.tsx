// /help: how to reach us (SUPPORT_EMAIL, SUPPORT_PHONE, the business's legal name and address from the
// configuration) and the answers residents ask for most, with Montréal's and Recyc-Québec's own guides.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/privacy/legal-page";
import { titleMeta } from "~/lib/meta";
import { itemLine, REFUSED_ITEMS, TAKEN_ITEMS } from "~/lib/what-we-take";
import { getT, whoWeAre } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "help"] };

/** Where refused items go: the city's écocentres, and Recyc-Québec's "Ça va où?" for any item. */
const ECOCENTRES_URL = "https://montreal.ca/sujets/ecocentres";
const CA_VA_OU_URL = "https://www.recyc-quebec.gouv.qc.ca/citoyens/ca-va-ou";

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "help");
  return { title: t("title"), who: whoWeAre() };
}

const QUESTIONS = ["bag", "missed", "refund", "refused"] as const;

/** What is taken or refused, one item a line: the same lists as the terms' (lib/what-we-take). */
function Items({ group, keys }: { group: "bagItems" | "refusedItems"; keys: readonly string[] }) {
  const { t } = useTranslation("help");
  return (
    <ul className="mt-1 list-disc space-y-1 pl-5" data-testid={`help-${group}`}>
      {keys.map((key) => (
        <li key={key}>
          {itemLine(t(`faq.${group}.${key}.name`), t(`faq.${group}.${key}.detail`, { defaultValue: "" }))}
        </li>
      ))}
    </ul>
  );
}

export default function Help() {
  const { title, who } = useLoaderData<typeof loader>();
  const { t } = useTranslation("help");
  return (
    <article className="mx-auto max-w-2xl text-stone-800">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2">{t("intro")}</p>
      <Section id="contact" title={t("contactTitle")}>
        {/* One column on a phone: a long address (the support e-mail) would not fit beside its label at 320 px. */}
        <dl className="grid grid-cols-1 gap-x-3 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)]" data-testid="help-contact">
          <dt className="font-semibold">{t("email")}</dt>
          <dd className="mb-1 [overflow-wrap:anywhere]">
            <a href={`mailto:${who.supportEmail}`} className="underline">
              {who.supportEmail}
            </a>
          </dd>
          <dt className="font-semibold">{t("phone")}</dt>
          <dd className="mb-1">
            <a href={`tel:${who.supportPhone.replace(/[^\d+]/g, "")}`} className="underline">
              {who.supportPhone}
            </a>
          </dd>
          <dt className="font-semibold">{t("business")}</dt>
          <dd className="mb-1">{who.business}</dd>
          <dt className="font-semibold">{t("address")}</dt>
          <dd>{who.address}</dd>
        </dl>
        <p className="text-sm text-stone-600">{t("hours")}</p>
      </Section>
      <Section id="faq" title={t("faqTitle")}>
        {QUESTIONS.map((q) => (
          <div key={q} className="mt-3">
            <h3 className="font-semibold text-stone-900">{t(`faq.${q}Question`)}</h3>
            <p className="mt-1">{t(`faq.${q}Answer`)}</p>
            {q === "bag" ? <Items group="bagItems" keys={TAKEN_ITEMS} /> : null}
            {q === "refused" ? (
              <>
                <Items group="refusedItems" keys={REFUSED_ITEMS} />
                <p className="mt-1">{t("faq.refusedWhere")}</p>
              </>
            ) : null}
            {q === "bag" ? (
              <p className="mt-1">
                <Link to="/materials" className="underline">
                  {t("faq.bagLink")}
                </Link>
              </p>
            ) : null}
          </div>
        ))}
      </Section>
      <Section id="elsewhere" title={t("linksTitle")}>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <a href={ECOCENTRES_URL} className="underline" rel="external">
              {t("ecocentres")}
            </a>
          </li>
          <li>
            <a href={CA_VA_OU_URL} className="underline" rel="external">
              {t("caVaOu")}
            </a>
          </li>
          <li>
            <Link to="/privacy" className="underline">
              {t("privacyLink")}
            </Link>
          </li>
        </ul>
      </Section>
    </article>
  );
}
