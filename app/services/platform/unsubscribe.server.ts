// One-click unsubscribe (issue 35, part 6; RFC 8058): every reminder, day-after and alert e-mail carries a
// link that turns that kind of e-mail off for its resident, signed out (reminders by e-mail only: texts
// chosen with them go on, issue 42). The token is the user id and the kind, signed with HMAC-SHA256
// under the app's secret (SESSION_SECRET's first; any of them verifies, so a rotation keeps old links
// working). Receipts, confirmations and cancellations have none: always sent.
import crypto from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { appUrl, env } from "./config.server";
import { db, schema } from "./db.server";
import { textsConfigured } from "./sms.server";
import { canText } from "~/lib/reminders";

const UNSUBSCRIBE_KINDS = ["reminders", "day-after", "alerts"] as const;
export type UnsubscribeKind = (typeof UNSUBSCRIBE_KINDS)[number];

const COLUMN = {
  reminders: "remindersEnabled",
  "day-after": "dayAfterEnabled",
  alerts: "alertsEnabled",
} as const satisfies Record<UnsubscribeKind, keyof typeof schema.users.$inferSelect>;

function sign(payload: string, secret: string) {
  return crypto.createHmac("sha256", `unsubscribe:${secret}`).update(payload).digest("base64url");
}

/** The token of one resident's link for one kind of message. */
function unsubscribeToken(userId: number, kind: UnsubscribeKind) {
  const payload = `${userId}.${kind}`;
  return `${payload}.${sign(payload, env.sessionSecrets[0]!)}`;
}

/** The signed-out link that turns `kind` off for `userId`: `/unsubscribe/{token}`. */
export function unsubscribeLink(userId: number, kind: UnsubscribeKind, origin = appUrl()) {
  return `${origin}/unsubscribe/${unsubscribeToken(userId, kind)}`;
}

/** The RFC 8058 headers for an e-mail whose unsubscribe link is `link` (queueEmail's `headers`). */
export function unsubscribeHeaders(link: string): Record<string, string> {
  return { "List-Unsubscribe": `<${link}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
}

export type UnsubscribeTarget = { userId: number; kind: UnsubscribeKind; email: string; locale: "en" | "fr" };

/** The resident and kind a token names, or null when it is tampered with or names no (living) account. */
export function readUnsubscribeToken(token: string): UnsubscribeTarget | null {
  const match = /^(\d{1,12})\.([a-z-]{1,20})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const [, id, kind, signature] = match as unknown as [string, string, string, string];
  if (!(UNSUBSCRIBE_KINDS as readonly string[]).includes(kind)) return null;
  const given = Buffer.from(signature);
  const valid = env.sessionSecrets.some((secret) => {
    const expected = Buffer.from(sign(`${id}.${kind}`, secret));
    return expected.length === given.length && crypto.timingSafeEqual(expected, given);
  });
  if (!valid) return null;
  const user = db
    .select({ id: schema.users.id, email: schema.users.email, locale: schema.users.locale })
    .from(schema.users)
    .where(and(eq(schema.users.id, Number(id)), isNull(schema.users.deletedAt)))
    .get();
  return user ? { userId: user.id, kind: kind as UnsubscribeKind, email: user.email, locale: user.locale } : null;
}

/** What an unsubscribe did: the target, and the number texts still go to (reminders kept by text). */
type Unsubscribed = UnsubscribeTarget & { textsKeptTo: string | null };

/**
 * Turns the token's kind of e-mail off; null when the token is not valid. Reminders (issue 42) stop by
 * e-mail only: a resident on "E-mail and text" whom a text can reach (a text provider, a verified number,
 * no STOP) keeps texts, their channel becoming text only; otherwise reminders are off (an e-mail would
 * otherwise come instead of a text that cannot go).
 */
export function unsubscribe(token: string): Unsubscribed | null {
  const target = readUnsubscribeToken(token);
  if (!target) return null;
  return db.transaction((tx) => {
    const user = tx.select().from(schema.users).where(eq(schema.users.id, target.userId)).get()!;
    const keepTexts =
      target.kind === "reminders" && user.reminderChannels !== "email" && textsConfigured() && canText(user);
    tx.update(schema.users)
      .set(keepTexts ? { reminderChannels: "sms" } : { [COLUMN[target.kind]]: false })
      .where(eq(schema.users.id, target.userId))
      .run();
    return { ...target, textsKeptTo: keepTexts ? user.phone : null };
  });
}
