// E-mail: every message is written to the outbox table (and, with MAIL_LOG=1, the log, links' secrets
// redacted); with SMTP_URL it is then sent through nodemailer after the caller's answer, never inside it, so
// neither a slow mail server nor the time it takes can be observed by whoever caused the e-mail. A sent
// message keeps its recipient and subject but not its body. Texts come from the "emails" namespace in the
// recipient's language.
import nodemailer from "nodemailer";
import { and, eq, isNotNull, isNull, lt, ne } from "drizzle-orm";
import { env } from "./config.server";
import { db, schema } from "./db.server";
import { getTFor } from "~/services/platform/i18n.server";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";

export type EmailKind =
  | "password-reset"
  | "booking-confirmed"
  | "pickup-modified"
  | "pickup-cancelled"
  | "pickup-missed"
  | "waitlist-opened"
  | "date-closed";

let transport: nodemailer.Transporter | null = null;
function smtp() {
  if (!env.SMTP_URL) return null;
  transport ??= nodemailer.createTransport(env.SMTP_URL);
  return transport;
}

function escapeHtml(text: string) {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Values the app itself writes into messages: its links (made clickable) and its support address. */
const APP_LINK = "link";
const APP_VALUES = [APP_LINK, "supportEmail"];

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
function toHtml(text: string, link: string | undefined) {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => `<p>${escapeHtml(paragraph).replace(/\n/g, "<br>")}</p>`)
    .join("\n")
    .replaceAll(LINK_PLACEHOLDER, () => {
      const href = escapeHtml(link ?? "");
      return `<a href="${href}">${href}</a>`;
    });
}

const LINK_PLACEHOLDER = "\uE000link\uE000";

type Values = Record<string, string | number>;

async function renderEmail(kind: EmailKind, locale: Language, values: Values) {
  const t = await getTFor(locale, "emails");
  // Every value but the app's own is user text: never a link, in the text part or the HTML one.
  const safe: Values = {};
  for (const [key, value] of Object.entries(values)) {
    safe[key] = typeof value === "string" && !APP_VALUES.includes(key) ? unlinkable(value) : value;
  }
  const render = (vals: Values) => `${t(`${kind}.body`, vals)}\n\n${t("signature", vals)}`;
  const subject = t(`${kind}.subject`, safe);
  const text = render(safe);
  const link = values[APP_LINK];
  const html = toHtml(
    render({ ...safe, ...(link === undefined ? {} : { [APP_LINK]: LINK_PLACEHOLDER }) }),
    String(link),
  );
  return { subject, text, html };
}

/** The secrets of the app's links (`?token=…`) hidden, for the log. */
function redactLinks(text: string) {
  return text.replace(/([?&](?:token|code|key)=)[^\s&#]+/gi, "$1[redacted]");
}

export async function sendEmail(input: {
  to: string;
  kind: EmailKind;
  locale: Language;
  /** `link` is the app's own link (the one <a>); `supportEmail` the app's address; the rest is user text. */
  values: Values;
}) {
  const { subject, text, html } = await renderEmail(input.kind, input.locale, input.values);
  const row = db
    .insert(schema.emailOutbox)
    .values({
      to: input.to,
      subject,
      text,
      html,
      kind: input.kind,
      locale: input.locale,
      createdAt: now(),
    })
    .returning()
    .get();
  if (env.MAIL_LOG === "1") {
    console.log(`[mail] to=${input.to} subject=${JSON.stringify(subject)}\n${redactLinks(text)}\n`);
  }
  // After the answer: the caller never waits for the mail server.
  if (smtp()) setImmediate(() => void deliver(row.id));
  return row;
}

/** Sends one outbox row; on success its body is erased, on failure it keeps its error for a retry. */
async function deliver(id: number) {
  const transporter = smtp();
  const row = db.select().from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id)).get();
  if (!transporter || !row || row.sentAt || !row.text) return;
  try {
    await transporter.sendMail({
      from: env.MAIL_FROM,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html ?? undefined,
    });
    db.update(schema.emailOutbox)
      .set({ sentAt: now(), error: null, ...ERASED })
      .where(eq(schema.emailOutbox.id, id))
      .run();
  } catch (error) {
    // The message stays in the outbox with its error so it can be resent.
    db.update(schema.emailOutbox)
      .set({ error: String(error) })
      .where(eq(schema.emailOutbox.id, id))
      .run();
    console.error(`[mail] SMTP delivery failed for outbox #${id}`, error);
  }
}

const ERASED = { text: "", html: null };

/** Sends again what failed (the hourly upkeep); messages whose body was erased are not resent. */
export async function retryUnsentEmails() {
  if (!smtp()) return;
  const rows = db
    .select({ id: schema.emailOutbox.id })
    .from(schema.emailOutbox)
    .where(and(isNull(schema.emailOutbox.sentAt), isNotNull(schema.emailOutbox.error), ne(schema.emailOutbox.text, "")))
    .all();
  for (const row of rows) await deliver(row.id);
}

/** Erases the bodies of one kind of message written before `before` (their links have expired). */
export function eraseEmailBodies(kind: EmailKind, before: number) {
  db.update(schema.emailOutbox)
    .set(ERASED)
    .where(and(eq(schema.emailOutbox.kind, kind), lt(schema.emailOutbox.createdAt, before)))
    .run();
}
