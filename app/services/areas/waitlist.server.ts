// The waitlist for visitors we cannot serve yet: one entry per e-mail and prefix. Signing up again for
// the same prefix updates the name and reason instead of adding a second row. A new entry is confirmed by
// e-mail (issue 33 part 11), written with it; a refreshed one is not e-mailed again.
import { and, eq } from "drizzle-orm";
import { appUrl, env } from "~/services/platform/config.server";
import { db, durably, schema } from "~/services/platform/db.server";
import { queueEmail } from "~/services/platform/mailer.server";
import { now } from "~/lib/clock";
import type { Language } from "~/lib/i18n";
import { normalizeEmail } from "~/lib/email-rules";
import type { WaitlistInput } from "~/lib/visitor-schemas";

export type WaitlistEntry = typeof schema.waitlistEntries.$inferSelect;

/** Adds the visitor to the waitlist, or refreshes their entry for that prefix. `created` tells which. */
export function joinWaitlist(input: WaitlistInput & { locale: Language }): { entry: WaitlistEntry; created: boolean } {
  const email = normalizeEmail(input.email);
  const fsa = input.fsa.trim().toUpperCase();
  const at = now();
  return db.transaction((tx) => {
    const existing = tx
      .select({ id: schema.waitlistEntries.id })
      .from(schema.waitlistEntries)
      .where(and(eq(schema.waitlistEntries.email, email), eq(schema.waitlistEntries.fsa, fsa)))
      .get();
    const entry = durably(
      tx
        .insert(schema.waitlistEntries)
        .values({
          name: input.name,
          email,
          fsa,
          reason: input.reason,
          locale: input.locale,
          createdAt: at,
          updatedAt: at,
        })
        .onConflictDoUpdate({
          target: [schema.waitlistEntries.email, schema.waitlistEntries.fsa],
          set: { name: input.name, reason: input.reason, locale: input.locale, updatedAt: at },
        })
        .returning(),
    );
    if (!existing) {
      queueEmail(tx, {
        to: email,
        kind: "waitlist-joined",
        locale: input.locale,
        firstName: input.name,
        values: { fsa, link: `${appUrl()}/how-it-works`, supportEmail: env.SUPPORT_EMAIL },
      });
    }
    return { entry, created: !existing };
  });
}

/** The API's view of an entry, with the spec's payload names. */
export function toPublicWaitlistEntry(entry: WaitlistEntry) {
  return {
    id: entry.id,
    email: entry.email,
    name: entry.name,
    postal_code: entry.fsa,
    building_access: entry.reason,
    locale: entry.locale,
    createdAt: entry.createdAt,
    updatedAt: entry.updatedAt,
  };
}
