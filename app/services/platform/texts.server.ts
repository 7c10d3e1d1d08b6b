// Texts (issue 35) are written to the outbox (channel "sms") in the transaction of the change that causes
// them, like e-mails (mailer.server); the outbox worker sends them after the answer.
import type { Db, Tx } from "./db.server";
import { schema } from "./db.server";
import { kickOutbox } from "./outbox.server";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";

type TextKind =
  | "phone-code"
  | "pickup-reminder"
  | "service-alert"
  | "plan-pickup-booked"
  | "plan-payment-needed"
  | "plan-released"
  | "phone-pay-link"
  | "phone-released";

type TextInput = { to: string; kind: TextKind; locale: Language; text: string; expiresAt?: number };

export function queueText(tx: Db | Tx, input: TextInput) {
  const at = now();
  tx.insert(schema.emailOutbox)
    .values({
      channel: "sms",
      to: input.to,
      subject: "",
      text: input.text,
      kind: input.kind,
      locale: input.locale,
      expiresAt: input.expiresAt ?? null,
      nextAttemptAt: at,
      createdAt: at,
    })
    .run();
  kickOutbox();
}
