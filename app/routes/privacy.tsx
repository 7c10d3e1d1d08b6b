// /privacy (issue 34; issue 43 part 4, Law 25): the whole truth, generated where it can be from what the
// app holds: every field collected (lib/personal-data, held to db/schema.ts by a test), every recipient
// and where it is (read from the configuration), every cookie (lib/cookies, which the code setting them
// uses), how long each kind of record is kept (lib/retention), withdrawing consent, who on the team sees
// what, and the governance: roles, requests and complaints, the policy's versions (lib/privacy-policy).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Section } from "~/components/privacy/legal-page";
import { CollectedFields, Cookies, Recipients } from "~/components/privacy/policy-facts";
import { Governance, RetentionList, StaffAccess, Withdrawal } from "~/components/privacy/policy-rules";
import { formatDate } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { getT, privacyPolicy } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "policy"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "policy");
  return { title: t("policy.title"), policy: privacyPolicy() };
}

const CONTENTS = [
  ["officer", "officerTitle"],
  ["collected", "collectTitle"],
  ["recipients", "recipientsTitle"],
  ["cookies", "cookiesTitle"],
  ["retention", "retentionTitle"],
  ["rights", "rightsTitle"],
  ["withdraw", "withdrawTitle"],
  ["staff", "staffTitle"],
  ["governance", "governanceTitle"],
  ["incidents", "incidentsTitle"],
] as const;

export default function Privacy() {
  const { title, policy } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation("policy");
  const { who, versions } = policy;
  const current = versions[0];
  return (
    <article className="mx-auto max-w-2xl text-stone-800">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2">{t("policy.intro")}</p>
      <p className="mt-1 text-sm text-stone-600" data-testid="policy-version">
        {t("policy.updated", { version: current.version, date: formatDate(current.date, i18n.language) })}
      </p>
      <nav aria-labelledby="policy-contents" className="mt-4">
        <h2 id="policy-contents" className="text-base font-bold text-stone-900">
          {t("policy.contents")}
        </h2>
        <ul className="mt-1 list-disc space-y-1 pl-5">
          {CONTENTS.map(([id, key]) => (
            <li key={id}>
              <a href={`#${id}`} className="underline">
                {t(`policy.${key}`)}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <Section id="officer" title={t("policy.officerTitle")}>
        <p data-testid="privacy-officer">
          {t("policy.officer", {
            business: who.business,
            address: who.address,
            name: who.officerName,
            email: who.officerEmail,
          })}
        </p>
      </Section>
      <Section id="collected" title={t("policy.collectTitle")}>
        <CollectedFields groups={policy.fields} />
      </Section>
      <Section id="recipients" title={t("policy.recipientsTitle")}>
        <Recipients recipients={policy.recipients} backupDays={policy.retention.backupDays} />
      </Section>
      <Section id="cookies" title={t("policy.cookiesTitle")}>
        <Cookies cookies={policy.cookies} />
      </Section>
      <Section id="retention" title={t("policy.retentionTitle")}>
        <RetentionList retention={policy.retention} />
      </Section>
      <Section id="rights" title={t("policy.rightsTitle")}>
        <p>{t("policy.rights")}</p>
        <p>
          <Link to="/profile" className="underline">
            {t("policy.profileLink")}
          </Link>
        </p>
      </Section>
      <Section id="withdraw" title={t("policy.withdrawTitle")}>
        <Withdrawal />
      </Section>
      <Section id="staff" title={t("policy.staffTitle")}>
        <StaffAccess />
      </Section>
      <Section id="governance" title={t("policy.governanceTitle")}>
        <Governance who={who} versions={versions} />
      </Section>
      <Section id="incidents" title={t("policy.incidentsTitle")}>
        <p>{t("policy.incidents")}</p>
      </Section>
    </article>
  );
}
