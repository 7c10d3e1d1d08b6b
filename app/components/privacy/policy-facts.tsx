// The privacy page's facts about the data (issue 43, part 4): the fields collected, grouped by kind (from
// lib/personal-data), who receives what and where (from the configuration), and the cookies (lib/cookies).
import { useTranslation } from "react-i18next";
import type { CookieLine } from "~/lib/cookies";
import type { fieldsByKind } from "~/lib/personal-data";
import { PHOTON_DEFAULT_HOST, type Recipient } from "~/lib/privacy-policy";

type FieldGroup = ReturnType<typeof fieldsByKind>[number];

/** "a, b and c" in the reader's language. */
function listOf(items: string[], lng: string) {
  return new Intl.ListFormat(lng === "fr" ? "fr-CA" : "en-CA", { style: "long", type: "conjunction" }).format(items);
}

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <p>
      <span className="font-semibold">{label}</span> {children}
    </p>
  );
}

export function CollectedFields({ groups }: { groups: FieldGroup[] }) {
  const { t, i18n } = useTranslation("policy");
  return (
    <>
      <p>{t("policy.collectIntro")}</p>
      <ul className="space-y-3" data-testid="policy-fields">
        {groups.map((group) => (
          <li key={group.kind} className="space-y-1" data-kind={group.kind}>
            <h3 className="font-bold text-stone-900">{t(`policy.kind.${group.kind}`)}</h3>
            <Line label={t("policy.what")}>
              {listOf(
                group.fields.map((field) => t(`policy.field.${field}`)),
                i18n.language,
              )}
              .
            </Line>
            <Line label={t("policy.why")}>
              {listOf(
                group.purposes.map((purpose) => t(`policy.purpose.${purpose}`)),
                i18n.language,
              )}
              .
            </Line>
            <Line label={t("policy.howLong")}>
              {group.retention.map((row, at) => (
                <span key={row}>
                  {at > 0 ? "; " : null}
                  <a href={`#keep-${row}`} className="underline">
                    {t(`policy.retentionName.${row}`)}
                  </a>
                </span>
              ))}
            </Line>
          </li>
        ))}
      </ul>
    </>
  );
}

function recipientTexts(recipient: Recipient, t: (key: string, values?: Record<string, unknown>) => string) {
  const base = `policy.recipient.${recipient.key}`;
  switch (recipient.key) {
    case "email":
      return {
        name: recipient.host ? t(`${base}.nameHost`, { host: recipient.host }) : t(`${base}.name`),
        where: recipient.location ? t(`${base}.where`, { location: recipient.location }) : t(`${base}.whereUnset`),
      };
    case "host":
      return {
        name: t(`${base}.name`),
        where: t(`${base}.where`, { region: recipient.region, place: recipient.place }),
      };
    case "backups":
      return {
        name: t(`${base}.name`),
        where: recipient.location ? t(`${base}.where`, { location: recipient.location }) : t(`${base}.whereUnset`),
      };
    case "geocoder": {
      const own = recipient.provider === "photon" && recipient.host !== PHOTON_DEFAULT_HOST;
      return {
        name: t(`${base}.name_${recipient.provider}`, { host: recipient.host }),
        where: t(`${base}.where_${own ? "photonOwn" : recipient.provider}`, { host: recipient.host }),
      };
    }
    default:
      return { name: t(`${base}.name`), where: t(`${base}.where`) };
  }
}

export function Recipients({ recipients, backupDays }: { recipients: Recipient[]; backupDays: number }) {
  const { t } = useTranslation("policy");
  return (
    <>
      <p>{t("policy.recipientsIntro")}</p>
      <ul className="space-y-3" data-testid="policy-recipients">
        {recipients.map((recipient) => {
          const { name, where } = recipientTexts(recipient, t);
          return (
            <li key={recipient.key} className="space-y-1" data-recipient={recipient.key}>
              <h3 className="font-bold text-stone-900">{name}</h3>
              <Line label={t("policy.receives")}>
                {t(`policy.recipient.${recipient.key}.receives`, { days: backupDays })}
              </Line>
              <Line label={t("policy.where")}>{where}</Line>
            </li>
          );
        })}
      </ul>
    </>
  );
}

function lifetime(seconds: number | null, t: (key: string, values?: Record<string, unknown>) => string) {
  if (seconds === null) return t("policy.lifetime.browser");
  if (seconds < 86_400) return t("policy.lifetime.minutes", { count: Math.round(seconds / 60) });
  return t("policy.lifetime.days", { count: Math.round(seconds / 86_400) });
}

export function Cookies({ cookies }: { cookies: CookieLine[] }) {
  const { t } = useTranslation("policy");
  return (
    <>
      <p>{t("policy.cookiesIntro")}</p>
      <ul className="list-disc space-y-1 pl-5" data-testid="policy-cookies">
        {cookies.map((cookie) => (
          <li key={cookie.names.join()} data-cookie={cookie.names.join()}>
            <span className="font-semibold">
              {t("policy.cookieName", { name: cookie.names.join(", "), interpolation: { escapeValue: false } })}
            </span>{" "}
            {t(`policy.cookie.${cookie.key}`)} {lifetime(cookie.maxAgeSeconds, t)}
          </li>
        ))}
      </ul>
    </>
  );
}
