// Service alerts (issue 35, part 5): an admin's message (English and French) to every resident with a
// Scheduled pickup on a date, one window of it, or some postal prefixes. The preview lists who gets it and
// how; sending writes the alert, its recipients (the bell shows it to them), the e-mails (to those who did
// not turn alerts off, with a one-click unsubscribe) and the texts (to those who chose texts and verified
// their number) and the activity log entry, in one transaction keyed by the form's idempotency key: a
// second POST of the same form finds the key and sends nothing new.
import { and, eq, inArray, isNull } from "drizzle-orm";
import { appUrl } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { queueEmail, textT } from "~/services/platform/mailer.server";
import { textsConfigured } from "~/services/platform/sms.server";
import { queueText } from "~/services/platform/texts.server";
import { unsubscribeHeaders, unsubscribeLink } from "~/services/platform/unsubscribe.server";
import { now } from "~/lib/clock";
import { formatDate } from "~/lib/format";
import { canText } from "~/lib/reminders";
import { alertText } from "~/lib/sms";
import { recordActivity } from "./activity.server";

const p = schema.pickupRequests;
const s = schema.pickupSlots;
const u = schema.users;

export type AlertTarget = { date: string; window: "morning" | "afternoon" | null; prefixes: string[] };
type AlertHow = "email" | "sms" | "both" | "bell";
export type AlertRecipient = {
  userId: number;
  email: string;
  name: string;
  locale: "en" | "fr";
  phone: string | null;
  /** For the e-mail's "Hello Sophie,". */
  firstName: string;
  confirmationNumber: string;
  postalFsa: string;
  window: "morning" | "afternoon";
  how: AlertHow;
};

/** One row per resident (their first matching pickup), with how the alert reaches them. */
export function alertRecipients(target: AlertTarget): AlertRecipient[] {
  const rows = db
    .select({
      userId: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      locale: u.locale,
      phone: u.phone,
      phoneVerifiedAt: u.phoneVerifiedAt,
      smsStoppedAt: u.smsStoppedAt,
      channels: u.reminderChannels,
      alertsEnabled: u.alertsEnabled,
      confirmationNumber: p.confirmationNumber,
      postalFsa: p.postalFsa,
      window: s.window,
    })
    .from(p)
    .innerJoin(s, eq(s.id, p.pickupSlotId))
    .innerJoin(u, eq(u.id, p.userId))
    .where(
      and(
        eq(s.date, target.date),
        eq(p.status, "Scheduled"),
        isNull(u.deletedAt),
        target.window ? eq(s.window, target.window) : undefined,
        target.prefixes.length ? inArray(p.postalFsa, target.prefixes) : undefined,
      ),
    )
    .orderBy(p.id)
    .all();
  const seen = new Set<number>();
  const list: AlertRecipient[] = [];
  const textsOn = textsConfigured();
  for (const row of rows) {
    if (seen.has(row.userId)) continue;
    seen.add(row.userId);
    // No text provider (issue 42): no text is written, the alert goes by e-mail (or the bell).
    const sms = textsOn && row.channels !== "email" && canText(row);
    const email = row.alertsEnabled;
    list.push({
      userId: row.userId,
      email: row.email,
      name: `${row.firstName} ${row.lastName}`.trim(),
      firstName: row.firstName,
      locale: row.locale,
      phone: sms ? row.phone : null,
      confirmationNumber: row.confirmationNumber,
      postalFsa: row.postalFsa,
      window: row.window,
      how: email && sms ? "both" : email ? "email" : sms ? "sms" : "bell",
    });
  }
  return list;
}

export type AlertInput = AlertTarget & { idempotencyKey: string; messageEn: string; messageFr: string };
export type AlertSent = { status: "sent" | "duplicate"; recipients: number };

export function sendAlert(adminUserId: number, input: AlertInput): AlertSent {
  return db.transaction(
    (tx) => {
      const existing = tx
        .select()
        .from(schema.serviceAlerts)
        .where(eq(schema.serviceAlerts.idempotencyKey, input.idempotencyKey))
        .get();
      if (existing) return { status: "duplicate" as const, recipients: existing.recipients };
      const recipients = alertRecipients(input);
      const alert = tx
        .insert(schema.serviceAlerts)
        .values({
          idempotencyKey: input.idempotencyKey,
          adminUserId,
          date: input.date,
          window: input.window,
          prefixes: JSON.stringify(input.prefixes),
          messageEn: input.messageEn,
          messageFr: input.messageFr,
          recipients: recipients.length,
          createdAt: now(),
        })
        .returning({ id: schema.serviceAlerts.id })
        .all()[0]!;
      for (const r of recipients) {
        tx.insert(schema.serviceAlertRecipients).values({ alertId: alert.id, userId: r.userId }).run();
        const message = r.locale === "fr" ? input.messageFr : input.messageEn;
        if (r.how === "email" || r.how === "both") {
          const unsubscribe = unsubscribeLink(r.userId, "alerts");
          queueEmail(tx, {
            to: r.email,
            kind: "service-alert",
            locale: r.locale,
            firstName: r.firstName,
            values: {
              date: formatDate(input.date, r.locale),
              message,
              link: `${appUrl()}/order/${r.confirmationNumber}`,
              unsubscribeLink: unsubscribe,
            },
            headers: unsubscribeHeaders(unsubscribe),
          });
        }
        if ((r.how === "sms" || r.how === "both") && r.phone) {
          queueText(tx, {
            to: r.phone,
            kind: "service-alert",
            locale: r.locale,
            text: alertText(textT(r.locale), message),
          });
        }
      }
      recordActivity(tx, adminUserId, "alert.send", { date: input.date, count: recipients.length });
      return { status: "sent" as const, recipients: recipients.length };
    },
    { behavior: "immediate" },
  );
}
