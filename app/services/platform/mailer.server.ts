// E-mail: every message is written to the outbox table, in the transaction of the change that causes it
// (`queueEmail(tx, ...)`: rendered here and now, synchronously, from the bundled translations), and, with
// MAIL_LOG=1, to the log, links' secrets redacted. The outbox worker (outbox.server) sends it after the
// answer, never inside it, so neither a slow mail server nor the time it takes can be observed by whoever
// caused the e-mail. A sent message keeps its recipient and subject but not its body. Texts come from the
// "emails" namespace in the recipient's language.
import { createInstance } from "i18next";
import { and, eq, isNull, lt } from "drizzle-orm";
import { appUrl, env } from "./config.server";
import { db, schema, type Db, type Tx } from "./db.server";
import { ERASED_BODY, EXPIRED_ERROR, kickOutbox } from "./outbox.server";
import { now } from "~/lib/clock";
import { i18nConfig, type Language } from "~/lib/i18n";
import { resources } from "~/locales/resources";

export type EmailKind =
  | "password-reset"
  | "role-invitation"
  | "driver-invitation"
  | "booking-confirmed"
  | "pickup-modified"
  | "pickup-cancelled"
  | "pickup-missed"
  | "waitlist-opened"
  | "date-closed"
  | "account-deleted"
  | "account-unused"
  | "pickup-reminder"
  | "service-alert";

// Its own instance, initialised synchronously (the texts are bundled): an e-mail is rendered inside the
// transaction that writes it.
const emailI18n = createInstance();
void emailI18n.init({ ...i18nConfig, resources, ns: ["emails"], defaultNS: "emails", lng: "en", initImmediate: false });

/** The e-mail texts in one language, ready at once. */
export function emailT(lng: Language) {
  return emailI18n.getFixedT(lng, "emails");
}
export type EmailT = ReturnType<typeof emailT>;

/** The texts' (SMS) wording in one language, ready at once: the "reminders" namespace. */
export function textT(lng: Language) {
  return emailI18n.getFixedT(lng, "reminders");
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Values the app itself writes into messages: its links (made clickable) and its support address. */
const APP_LINK = "link";
/** Every e-mail's signature links to the privacy page (issue 34), on the origin of the message's own link. */
const PRIVACY_LINK = "privacyLink";
/** Further links of the app's own (issue 35): a reminder's cancel link, a one-click unsubscribe link. */
const EXTRA_LINKS = ["cancelLink", "unsubscribeLink"];
const APP_VALUES = [APP_LINK, "supportEmail", PRIVACY_LINK, ...EXTRA_LINKS];

/** What a mail client would turn into a link: a scheme, `www.`, an address, a domain name. */
const LINKLIKE = /[a-z][\w+.-]*:\S*|www\.\S+|\S+@\S+|[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\S*/gi;

/**
 * User-typed text (a waitlist name, an address) stays readable but stops being a URL or an address: a
 * zero-width space after each `.`, `:`, `/` and `@` inside anything link-like.
 */
function unlinkable(text: string) {
  return text.replace(/\uE000/g, "").replace(LINKLIKE, (match) => match.replace(/([.:/@])/g, "$1\u200B"));
}

/** Plain paragraphs; only the app's own link (the `link` value, given as placeholder) becomes an <a>. */
function toHtml(text: string, link: string | undefined, privacy: string, extra: Values = {}) {
  let html = text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n")
    .replaceAll(LINK_PLACEHOLDER, () => anchor(link ?? ""))
    .replaceAll(PRIVACY_PLACEHOLDER, () => anchor(privacy));
  for (const [key, url] of Object.entries(extra)) html = html.replaceAll(placeholder(key), () => anchor(String(url)));
  return html;
}

const placeholder = (key: string) => `\uE000${key}\uE000`;

function anchor(url: string) {
  const href = escapeHtml(url);
  return `<a href="${href}">${href}</a>`;
}

const LINK_PLACEHOLDER = "\uE000link\uE000";
const PRIVACY_PLACEHOLDER = "\uE000privacy\uE000";

type Values = Record<string, string | number>;

function renderEmail(kind: EmailKind, locale: Language, values: Values) {
  const t = emailT(locale);
  // Every value but the app's own is user text: never a link, in the text part or the HTML one.
  const safe: Values = {};
  for (const [key, value] of Object.entries(values)) {
    safe[key] = typeof value === "string" && !APP_VALUES.includes(key) ? unlinkable(value) : value;
  }
  const render = (vals: Values) => `${t(`${kind}.body`, vals)}\n\n${t("signature", vals)}`;
  const subject = t(`${kind}.subject`, safe);
  // A body may have variants chosen by `context` (i18next: `body_late`).
  const link = values[APP_LINK];
  const privacy = `${originOf(link) ?? appUrl()}/privacy`;
  const text = render({ ...safe, [PRIVACY_LINK]: privacy });
  const extra: Values = {};
  for (const key of EXTRA_LINKS) if (values[key] !== undefined) extra[key] = values[key];
  const html = toHtml(
    render({
      ...safe,
      ...(link === undefined ? {} : { [APP_LINK]: LINK_PLACEHOLDER }),
      ...Object.fromEntries(Object.keys(extra).map((key) => [key, placeholder(key)])),
      [PRIVACY_LINK]: PRIVACY_PLACEHOLDER,
    }),
    String(link),
    privacy,
    extra,
  );
  return { subject, text, html };
}

/** The secrets of the app's links (`?token=…`) hidden, for the log. */
function redactLinks(text: string) {
  return text.replace(/([?&](?:token|code|key)=)[^\s&#]+/gi, "$1[redacted]");
}

type EmailInput = {
  to: string;
  kind: EmailKind;
  locale: Language;
  /** `link` is the app's own link (the one <a>); `supportEmail` the app's address; the rest is user text. */
  values: Values;
  /** Not sent after this instant (a reset link's expiry). */
  expiresAt?: number;
  /** Extra headers for the transport (List-Unsubscribe, List-Unsubscribe-Post: platform/unsubscribe). */
  headers?: Record<string, string>;
};

/** The origin (scheme://host) the message's link was written for, kept with the row. */
function originOf(link: string | number | undefined) {
  try {
    return link === undefined ? null : new URL(String(link)).origin;
  } catch {
    return null;
  }
}

/**
 * Writes an e-mail to the outbox with `tx`, the transaction of the change that causes it: rolled back
 * with it, committed with it. The worker sends it after the answer.
 */
export function queueEmail(tx: Db | Tx, input: EmailInput) {
  const { subject, text, html } = renderEmail(input.kind, input.locale, input.values);
  const at = now();
  tx.insert(schema.emailOutbox)
    .values({
      to: input.to,
      subject,
      text,
      html,
      kind: input.kind,
      locale: input.locale,
      origin: originOf(input.values[APP_LINK]),
      expiresAt: input.expiresAt ?? null,
      headers: input.headers ? JSON.stringify(input.headers) : null,
      nextAttemptAt: at,
      createdAt: at,
    })
    .run();
  if (env.MAIL_LOG === "1") {
    console.log(`[mail] to=${input.to} subject=${JSON.stringify(subject)}\n${redactLinks(text)}\n`);
  }
  kickOutbox();
}

/** Erases the bodies of one kind of message written before `before` (their links have expired). */
export function eraseEmailBodies(kind: EmailKind, before: number) {
  db.update(schema.emailOutbox)
    .set(ERASED_BODY)
    .where(and(eq(schema.emailOutbox.kind, kind), lt(schema.emailOutbox.createdAt, before)))
    .run();
  // Those never sent say why they will not be.
  db.update(schema.emailOutbox)
    .set({ error: EXPIRED_ERROR, nextAttemptAt: null })
    .where(
      and(
        eq(schema.emailOutbox.kind, kind),
        lt(schema.emailOutbox.createdAt, before),
        isNull(schema.emailOutbox.sentAt),
      ),
    )
    .run();
}
