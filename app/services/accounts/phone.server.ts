// The resident's mobile number for texts (issue 35, part 2): a new number is verified by a 6-digit code
// texted to it (10 minutes, 5 tries; only its hash is kept), written with the code in one transaction.
// Reminders and alerts go by SMS only to a verified number; STOP (an inbound text) turns SMS off for it.
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import twilio from "twilio";
import { appUrl, env } from "~/services/platform/config.server";
import { db, schema, type Db, type Tx } from "~/services/platform/db.server";
import { textT } from "~/services/platform/mailer.server";
import { textsConfigured } from "~/services/platform/sms.server";
import { queueText } from "~/services/platform/texts.server";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";
import { PHONE_CODE_TRIES, PHONE_CODE_TTL_MS, phoneCodeText } from "~/lib/sms";

const u = schema.users;
/** A new code at most this often: each one has its own five tries. */
const RESEND_AFTER_MS = 60 * 1000;

function codeHash(userId: number, code: string) {
  return crypto.createHmac("sha256", env.sessionSecrets[0]!).update(`phone:${userId}:${code}`).digest("hex");
}

/** Writes a new code for the user's number and texts it, in `tx`; the number is unverified until it is typed. */
function issueCode(tx: Db | Tx, userId: number, phone: string, locale: Language) {
  const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, "0");
  const expiresAt = now() + PHONE_CODE_TTL_MS;
  tx.update(u)
    .set({
      phoneCodeHash: codeHash(userId, code),
      phoneCodeExpiresAt: expiresAt,
      phoneCodeAttempts: 0,
      phoneVerifiedAt: null,
    })
    .where(eq(u.id, userId))
    .run();
  queueText(tx, { to: phone, kind: "phone-code", locale, text: phoneCodeText(textT(locale), code), expiresAt });
}

/**
 * After a profile save: a number that changed is unverified and gets a code (STOP of the old number no
 * longer applies); a number removed clears its verification.
 */
export function phoneChanged(userId: number, before: string | null, after: string | null, locale: Language) {
  if (before === after) return;
  db.transaction((tx) => {
    tx.update(u)
      .set({ phoneVerifiedAt: null, smsStoppedAt: null, phoneCodeHash: null, phoneCodeExpiresAt: null })
      .where(eq(u.id, userId))
      .run();
    if (after) issueCode(tx, userId, after, locale);
  });
}

export type CodeRequest = "sent" | "noPhone" | "verified" | "tooSoon";

/** "Send a new code": at most one a minute. */
export function resendPhoneCode(userId: number): CodeRequest {
  return db.transaction((tx) => {
    const user = tx.select().from(u).where(eq(u.id, userId)).get();
    if (!user?.phone) return "noPhone";
    if (user.phoneVerifiedAt !== null && user.smsStoppedAt === null) return "verified";
    if (user.phoneCodeExpiresAt && user.phoneCodeExpiresAt - PHONE_CODE_TTL_MS > now() - RESEND_AFTER_MS)
      return "tooSoon";
    issueCode(tx, userId, user.phone, user.locale);
    return "sent";
  });
}

export type CodeCheck = "verified" | "wrong" | "expired" | "tooManyTries" | "noCode";

/** Checks a typed code: the 5th wrong one ends the code; an expired one is refused. */
export function verifyPhoneCode(userId: number, code: string): CodeCheck {
  return db.transaction((tx) => {
    const user = tx.select().from(u).where(eq(u.id, userId)).get();
    if (!user?.phone || !user.phoneCodeHash || user.phoneCodeExpiresAt === null) return "noCode";
    if (user.phoneCodeAttempts >= PHONE_CODE_TRIES) return "tooManyTries";
    if (user.phoneCodeExpiresAt <= now()) return "expired";
    const given = Buffer.from(codeHash(userId, code.trim()));
    const expected = Buffer.from(user.phoneCodeHash);
    if (given.length === expected.length && crypto.timingSafeEqual(given, expected)) {
      tx.update(u)
        .set({
          phoneVerifiedAt: now(),
          smsStoppedAt: null,
          phoneCodeHash: null,
          phoneCodeExpiresAt: null,
          phoneCodeAttempts: 0,
        })
        .where(eq(u.id, userId))
        .run();
      return "verified";
    }
    const attempts = user.phoneCodeAttempts + 1;
    tx.update(u).set({ phoneCodeAttempts: attempts }).where(eq(u.id, userId)).run();
    return attempts >= PHONE_CODE_TRIES ? "tooManyTries" : "wrong";
  });
}

/** An inbound STOP: texts to this number stop (every account that has it). Answers how many accounts. */
export function stopTextsTo(phone: string): number {
  return db.update(u).set({ smsStoppedAt: now() }).where(eq(u.phone, phone)).run().changes;
}

export type MessageChoices = {
  remindersEnabled: boolean;
  reminderChannels: "email" | "sms" | "both";
  alertsEnabled: boolean;
  dayAfterEnabled: boolean;
};

/**
 * Texts chosen as a reminder channel while no text provider is configured (issue 42): nothing would be sent,
 * so the choice is refused (the profile does not offer it; the API answers this key).
 */
export class TextsOffError extends Error {
  readonly key = "reminders:choices.errors.textsOff";
  constructor() {
    super("Texts are off: no text provider is configured");
  }
}

/** Refuses a channel with texts (`sms`, `both`) when no text provider is configured. */
export function refuseTextsWhenOff(channels: MessageChoices["reminderChannels"] | undefined) {
  if (channels !== undefined && channels !== "email" && !textsConfigured()) throw new TextsOffError();
}

/**
 * The profile's reminder choices (PUT /api/auth/profile: those given; the others keep their value).
 * Throws TextsOffError for texts without a text provider.
 */
export function saveMessageChoices(userId: number, choices: Partial<MessageChoices>) {
  refuseTextsWhenOff(choices.reminderChannels);
  if (!Object.keys(choices).length) return;
  db.update(u).set(choices).where(eq(u.id, userId)).run();
}

/** Twilio's incoming-message webhook is answered only when Twilio is configured. */
export function inboundTextsConfigured(): boolean {
  return Boolean(env.TWILIO_AUTH_TOKEN);
}

/** Is this incoming message signed by Twilio (X-Twilio-Signature over our public URL and its fields)? */
export function inboundTextSigned(signature: string, params: Record<string, string>): boolean {
  const token = env.TWILIO_AUTH_TOKEN;
  return Boolean(token && signature && twilio.validateRequest(token, signature, `${appUrl()}/api/sms/inbound`, params));
}
