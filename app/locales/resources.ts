// Every translation, by language and namespace. The server imports this module; the browser fetches
// one namespace at a time from /locales/{lng}/{ns} so it never downloads the other language.
import enCommon from "./en/common.json";
import enEmails from "./en/emails.json";
import frCommon from "./fr/common.json";
import frEmails from "./fr/emails.json";

export const resources = {
  en: { common: enCommon, emails: enEmails },
  fr: { common: frCommon, emails: frEmails },
};

export type Namespace = keyof (typeof resources)["en"];
/** Namespaces the browser may download; e-mail texts stay on the server. */
export const PUBLIC_NAMESPACES: Namespace[] = ["common"];
