// /privacy (issue 34, Law 25): what is collected and why, how long each kind is kept (from lib/retention,
// the periods the retention job applies), the cookies, who receives what and where, and the person in
// charge of personal information (PRIVACY_OFFICER_NAME, PRIVACY_OFFICER_EMAIL).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Points, Section } from "~/components/privacy/legal-page";
import { titleMeta } from "~/lib/meta";
import { RETENTION } from "~/lib/retention";
import { getT, whoWeAre } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "privacy"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "privacy");
  return { title: t("privacy.title"), who: whoWeAre() };
}

const COLLECTED = ["account", "profile", "pickups", "waitlist", "sessions", "notifications"] as const;
const KEPT = ["account", "pickups", "waitlist", "emails", "sessions", "accessLogs"] as const;
const KEPT_VALUES = {
  account: { years: RETENTION.unusedAccountYears, days: RETENTION.unusedAccountWarningDays },
  pickups: { years: RETENTION.taxRecordYears },
  waitlist: { years: RETENTION.waitlistYears },
  emails: { hours: RETENTION.resetLinkHours },
  sessions: { days: RETENTION.sessionDays },
  accessLogs: { days: RETENTION.accessLogDays },
};
const COOKIES = ["session", "language", "visitor"] as const;
const RECIPIENTS = ["payments", "email", "sms", "host"] as const;

export default function Privacy() {
  const { title, who } = useLoaderData<typeof loader>();
  const { t } = useTranslation("privacy");
  return (
    <article className="mx-auto max-w-2xl text-stone-800">
      <h1 className="page-title">{title}</h1>
      <p className="mt-2">{t("privacy.intro")}</p>
      <p className="mt-1 text-sm text-stone-600">{t("privacy.updated")}</p>
      <Section id="officer" title={t("privacy.officerTitle")}>
        <p data-testid="privacy-officer">
          {t("privacy.officer", {
            business: who.business,
            address: who.address,
            name: who.officerName,
            email: who.officerEmail,
          })}
        </p>
      </Section>
      <Section id="collected" title={t("privacy.collectTitle")}>
        <Points prefix="privacy.collect" keys={COLLECTED} />
      </Section>
      <Section id="retention" title={t("privacy.retentionTitle")}>
        <Points prefix="privacy.retention" keys={KEPT} values={KEPT_VALUES} />
      </Section>
      <Section id="cookies" title={t("privacy.cookiesTitle")}>
        <p>{t("privacy.cookiesIntro")}</p>
        <Points prefix="privacy.cookies" keys={COOKIES} values={{ session: { days: RETENTION.sessionDays } }} />
      </Section>
      <Section id="recipients" title={t("privacy.recipientsTitle")}>
        <p>{t("privacy.recipientsIntro")}</p>
        <Points prefix="privacy.recipients" keys={RECIPIENTS} />
      </Section>
      <Section id="rights" title={t("privacy.rightsTitle")}>
        <p>{t("privacy.rights")}</p>
        <p>
          <Link to="/profile" className="underline">
            {t("privacy.profileLink")}
          </Link>
        </p>
      </Section>
      <Section id="incidents" title={t("privacy.incidentsTitle")}>
        <p>{t("privacy.incidents")}</p>
      </Section>
    </article>
  );
}
