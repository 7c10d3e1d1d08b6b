// E-mail: every message is written to the outbox table (and the log); with SMTP_URL it is also sent
// through nodemailer. Texts come from the "emails" namespace in the recipient's language.
import nodemailer from "nodemailer";
import { eq } from "drizzle-orm";
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

/** Plain paragraphs; URLs become links. */
function toHtml(text: string) {
  return text
    .split(/\n{2,}/)
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph).replace(/\n/g, "<br>");
      return `<p>${escaped.replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>')}</p>`;
    })
    .join("\n");
}

async function renderEmail(kind: EmailKind, locale: Language, values: Record<string, string | number>) {
  const t = await getTFor(locale, "emails");
  const subject = t(`${kind}.subject`, values);
  const text = `${t(`${kind}.body`, values)}\n\n${t("signature", values)}`;
  return { subject, text, html: toHtml(text) };
}

export async function sendEmail(input: {
  to: string;
  kind: EmailKind;
  locale: Language;
  values: Record<string, string | number>;
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
    console.log(`[mail] to=${input.to} subject=${JSON.stringify(subject)}\n${text}\n`);
  }
  const transporter = smtp();
  if (transporter) {
    try {
      await transporter.sendMail({ from: env.MAIL_FROM, to: input.to, subject, text, html });
      db.update(schema.emailOutbox).set({ sentAt: now() }).where(eq(schema.emailOutbox.id, row.id)).run();
    } catch (error) {
      // The message stays in the outbox with its error so it can be resent; the request goes on.
      db.update(schema.emailOutbox)
        .set({ error: String(error) })
        .where(eq(schema.emailOutbox.id, row.id))
        .run();
      console.error(`[mail] SMTP delivery failed for outbox #${row.id}`, error);
    }
  }
  return row;
}
