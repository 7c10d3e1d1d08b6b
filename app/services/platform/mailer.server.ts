// E-mail: every message is written to the outbox table, in the transaction of the change that causes it
// (`queueEmail(tx, ...)`: rendered here and now, synchronously, from the bundled translations), and, with
// MAIL_LOG=1, to the log, links' secrets redacted. The outbox worker (outbox.server) sends it after the
// answer, never inside it, so neither a slow mail server nor the time it takes can be observed by whoever
// caused the e-mail. A sent message keeps its recipient and subject but not its body. Texts come from the
// "emails" namespace in the recipient's language.
import { createInstance } from "i18next";
import { and, eq, isNull, lt, sql } from "drizzle-orm";
import { appUrl, env } from "./config.server";
import { db, durably, perConnection, schema, type Db, type Tx } from "./db.server";
import { ERASED_BODY } from "./outbox-claims.server";
import { EXPIRED_ERROR, kickOutbox } from "./outbox.server";
import { LINK_PLACEHOLDER, PRIVACY_PLACEHOLDER, renderEmailHtml } from "./email-template.server";
import { now } from "~/lib/clock";
import { i18nConfig, type Language } from "~/lib/i18n";
import { resources } from "~/locales/resources";

export type EmailKind =
  | "password-reset"
  | "role-invitation"
  | "driver-invitation"
  | "booking-confirmed"
  | "pickup-modified"
  | "pickup-bags-changed"
  | "pickup-cancelled"
  | "pickup-missed"
  | "pickup-missed-our-fault"
  | "pickup-corrected"
  | "waitlist-opened"
  | "date-closed"
  | "account-deleted"
  | "account-unused"
  | "welcome"
  | "waitlist-joined"
  | "pickup-completed"
  | "pickup-reminder"
  | "service-alert"
  | "plan-pickup-booked"
  | "plan-payment-needed"
  | "plan-released"
  | "plan-card-expiring"
  | "plan-no-place"
  | "account-opened-for-you"
  | "phone-pay-link"
  | "phone-released";

// Its own instance, initialised synchronously (the texts are bundled): an e-mail is rendered inside the
// transaction that writes it.
const emailI18n = createInstance();
void emailI18n.init({
  ...i18nConfig,
  resources,
  ns: ["emails", "calendar"],
  defaultNS: "emails",
  lng: "en",
  initImmediate: false,
});

/** The e-mail texts in one language, ready at once. */
export function emailT(lng: Language) {
  return emailI18n.getFixedT(lng, "emails");
}
export type EmailT = ReturnType<typeof emailT>;

/** The calendar events' texts in one language, ready at once (an event is made inside a transaction too). */
export function calendarT(lng: Language) {
  return emailI18n.getFixedT(lng, "calendar");
}

/** The texts' (SMS) wording in one language, ready at once: the "reminders" namespace. */
export function textT(lng: Language) {
  return emailI18n.getFixedT(lng, "reminders");
}

/**
 * Values the app itself writes into messages: its links (made clickable), its support address and the
 * account's own e-mail address (validated when it was saved; the message is sent to it).
 */
const APP_LINK = "link";
/** Every e-mail's signature links to the privacy page (issue 34), on the origin of the message's own link. */
const PRIVACY_LINK = "privacyLink";
/**
 * The receipt's price lines ("Subtotal: $18.00") and its card line ("Paid by card: Visa ending in 4242"),
 * written by the app from the stored amounts and the provider's brand and last four digits.
 */
const RECEIPT_LINES = ["receiptLines", "payment", "changeLine", "ledgerLines"];
/**
 * Further links of the app's own (issue 35): a reminder's cancel link, a one-click unsubscribe link; the
 * terms of the contract a confirmation is the copy of (issue 43).
 */
const EXTRA_LINKS = ["cancelLink", "unsubscribeLink", "termsLink"];
/** Who the merchant is, from the configuration (issue 43): the contract's copy names it as it is. */
const MERCHANT = ["merchantName", "merchantAddress", "merchantPhone"];
const APP_VALUES = [APP_LINK, "supportEmail", "email", PRIVACY_LINK, ...RECEIPT_LINES, ...EXTRA_LINKS, ...MERCHANT];

/** What a mail client would turn into a link: a scheme, `www.`, an address, a domain name. */
const LINKLIKE = /[a-z][\w+.-]*:\S*|www\.\S+|\S+@\S+|[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}\S*/gi;
/** Characters nobody sees (zero-width, joiners, bidi controls, soft hyphen, BOM) and our own markers. */
const INVISIBLE = /[\p{Cf}\uE000-\uE001]/gu;

/**
 * User-typed text (a waitlist name, an address) stays readable but stops being a URL or an address, the
 * way security notices "defang" one, visibly: inside anything link-like, each `.`, `:` and `@` in
 * brackets (`evil[.]example`), which no mail client links. Nothing invisible is added (a copied address or
 * link must be what it shows), and what was typed invisible is taken out.
 */
function unlinkable(text: string) {
  return text.replace(INVISIBLE, "").replace(LINKLIKE, (match) => match.replace(/([.:@])/g, "[$1]"));
}

type Values = Record<string, string | number>;
type Rendered = { subject: string; text: string; html: string };

/**
 * The subject, the text part and the HTML part (the one template, email-template.server) of a message,
 * greeting the recipient by `greetingName` when it is known, from the values as given.
 */
function renderWhole(kind: EmailKind, locale: Language, values: Values, privacy: string, greetingName?: string) {
  const t = emailT(locale);
  const name = greetingName?.trim();
  const greeting = name ? t("greeting", { name }) : t("greetingNoName");
  const subject = t(`${kind}.subject`, values);
  // A body may have variants chosen by `context` (i18next: `body_late`).
  const link = values[APP_LINK];
  const links: Record<string, string> = {};
  for (const key of EXTRA_LINKS) if (values[key] !== undefined) links[key] = String(values[key]);
  const textValues = { ...values, [PRIVACY_LINK]: privacy };
  const text = `${greeting}\n\n${t(`${kind}.body`, textValues)}\n\n${t("signature", textValues)}`;
  const htmlValues = {
    ...values,
    ...(link === undefined ? {} : { [APP_LINK]: LINK_PLACEHOLDER }),
    ...Object.fromEntries(Object.keys(links).map((key) => [key, `\uE000${key}\uE000`])),
    [PRIVACY_LINK]: PRIVACY_PLACEHOLDER,
  };
  const html = renderEmailHtml({
    lang: locale,
    greeting,
    body: t(`${kind}.body`, htmlValues),
    signature: t("signature", htmlValues),
    link: link === undefined ? undefined : String(link),
    action: t(`${kind}.action`, { defaultValue: t("action") }),
    privacy,
    links,
  });
  return { subject, text, html };
}

/**
 * Each kind of message is rendered once per language and shape, with a marker in place of every text value,
 * and then filled in: a day's reminders or an alert to thousands cost a string replace each, not a React
 * render (issue 35's bench). What shapes a message stays in the key: its numbers (plurals), `context` (a
 * variant), which values and links it has. A value with a line break may make a paragraph of its own, so
 * such a message is rendered whole.
 */
const skeletons = new Map<string, Rendered>();
const SKELETONS_MAX = 500;
const SLOT = "\uE001";
const SLOT_PATTERN = /\uE001(\d+)\uE001/g;

function escapeHtml(text: string) {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!,
  );
}

/** Exported for the test that a filled-in skeleton is the message rendered whole (`whole: true`). */
export function renderEmail(
  kind: EmailKind,
  locale: Language,
  values: Values,
  greetingName?: string,
  { whole = false } = {},
): Rendered {
  // Every value but the app's own is user text: never a link, in the text part or the HTML one. The
  // signature's support address is the app's: every message has it, whether its writer gave it or not.
  const safe: Values = {};
  for (const [key, value] of Object.entries({ supportEmail: env.SUPPORT_EMAIL, ...values })) {
    safe[key] = typeof value === "string" && !APP_VALUES.includes(key) ? unlinkable(value) : value;
  }
  const privacy = `${originOf(values[APP_LINK]) ?? appUrl()}/privacy`;
  const name = greetingName?.trim() ? unlinkable(greetingName.trim()) : undefined;
  const fills: string[] = [];
  const slotted: Values = {};
  const shape: unknown[] = [kind, locale, name === undefined];
  const slot = (text: string) => `${SLOT}${fills.push(text) - 1}${SLOT}`;
  for (const [key, value] of Object.entries(safe)) {
    const text = typeof value === "string" && key !== "context";
    slotted[key] = text ? slot(value) : value;
    shape.push(text ? key : [key, value]);
  }
  const slottedPrivacy = slot(privacy);
  const slottedName = name === undefined ? undefined : slot(name);
  if (whole || fills.some((text) => text.includes("\n") || text.includes(SLOT))) {
    return renderWhole(kind, locale, safe, privacy, name);
  }
  const key = JSON.stringify(shape);
  let skeleton = skeletons.get(key);
  if (!skeleton) {
    skeleton = renderWhole(kind, locale, slotted, slottedPrivacy, slottedName);
    if (skeletons.size >= SKELETONS_MAX) skeletons.clear();
    skeletons.set(key, skeleton);
  }
  const plain = (_: string, i: string) => fills[Number(i)]!;
  return {
    subject: skeleton.subject.replace(SLOT_PATTERN, plain),
    text: skeleton.text.replace(SLOT_PATTERN, plain),
    html: skeleton.html.replace(SLOT_PATTERN, (_, i: string) => escapeHtml(fills[Number(i)]!)),
  };
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
  /** The recipient's first name, for "Hello Sophie,"; without it, "Hello,". */
  firstName?: string;
  /** Files sent with it (a pickup's calendar event). */
  attachments?: EmailAttachment[];
  /** Extra headers (e.g. List-Unsubscribe), sent as given. */
  headers?: Record<string, string>;
  /** Not sent before this instant (a stop's mark waits for its undo window); withdrawn while unsent. */
  notBefore?: number;
};

/** A file sent with a message; `content` is its text (an .ics event). */
export type EmailAttachment = { filename: string; contentType: string; content: string };

/** The origin (scheme://host) the message's link was written for, kept with the row. */
function originOf(link: string | number | undefined) {
  try {
    return link === undefined ? null : new URL(String(link)).origin;
  } catch {
    return null;
  }
}

/**
 * The outbox's insert, prepared once per connection (issue 45's bench: a plan's renewals write thousands
 * of e-mails in a morning; building and compiling the statement cost more than running it). The
 * connection is the one `tx` belongs to (one per process), so it runs in the caller's transaction.
 */
const outboxInsert = perConnection((conn) => {
  const ph = sql.placeholder;
  return conn
    .insert(schema.emailOutbox)
    .values({
      to: ph("to"),
      subject: ph("subject"),
      text: ph("text"),
      html: ph("html"),
      kind: ph("kind"),
      locale: ph("locale"),
      origin: ph("origin"),
      expiresAt: ph("expiresAt"),
      attachments: ph("attachments"),
      headers: ph("headers"),
      nextAttemptAt: ph("nextAttemptAt"),
      createdAt: ph("createdAt"),
    })
    .returning({ id: schema.emailOutbox.id })
    .prepare();
});

/**
 * Writes an e-mail to the outbox with `tx`, the transaction of the change that causes it: rolled back
 * with it, committed with it. The worker sends it after the answer.
 */
export function queueEmail(_tx: Db | Tx, input: EmailInput): number {
  const { subject, text, html } = renderEmail(input.kind, input.locale, input.values, input.firstName);
  const at = now();
  const values = {
    to: input.to,
    subject,
    text,
    html,
    kind: input.kind,
    locale: input.locale,
    origin: originOf(input.values[APP_LINK]),
    expiresAt: input.expiresAt ?? null,
    attachments: input.attachments?.length ? JSON.stringify(input.attachments) : null,
    headers: input.headers ? JSON.stringify(input.headers) : null,
    nextAttemptAt: Math.max(at, input.notBefore ?? at),
    createdAt: at,
  };
  const row = durably({ all: () => outboxInsert().all(values) });
  if (env.MAIL_LOG === "1") {
    console.log(`[mail] to=${input.to} subject=${JSON.stringify(subject)}\n${redactLinks(text)}\n`);
  }
  kickOutbox();
  return row.id;
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

/**
 * Takes back an e-mail that has not gone out (not sent, not claimed by a worker), in the transaction of
 * the change that makes it wrong (a stop's mark undone or corrected). False when it went out or is
 * going (a worker holds it): then the change owes the resident a correction instead.
 */
export function withdrawEmail(tx: Db | Tx, id: number): boolean {
  const o = schema.emailOutbox;
  const gone = tx
    .delete(o)
    .where(and(eq(o.id, id), isNull(o.sentAt), isNull(o.claimToken)))
    .run();
  return gone.changes === 1;
}
