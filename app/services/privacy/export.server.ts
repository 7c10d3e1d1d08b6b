// Download my data (issue 34, Law 25's right to one's information in a structured, commonly used format):
// everything kept about one account, as JSON. Its shape is documented in docs/privacy.md (version 1). Only
// the account's own rows; never a password hash, a session id, a token, a provider's payment id or card
// details. Issue 43 completed it (new keys only, none renamed): the texts sent to the phone, the message
// choices, whether a calendar link exists (never its token) and the terms accepted per pickup. The readable
// page (export-view.server) is made from this same object.
import { plansOf, savedCardsOf } from "./export-plans.server";
import { and, asc, eq } from "drizzle-orm";
import { outboxStatus } from "~/lib/outbox";
import { listSessions } from "~/services/accounts/session-list.server";
import { ordersWhere, priceOf } from "~/services/pickups/pickups.server";
import { db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

const EXPORT_FORMAT = "recircle-personal-data";
const EXPORT_VERSION = 1;

/** Issue 47: what was refused and left at the door of each of the account's pickups, by pickup id. */
function refusedItemsOf(userId: number) {
  const r = schema.refusedItems;
  const rows = db
    .select({ pickupId: r.pickupRequestId, item: r.item, note: r.note, recordedAt: r.recordedAt })
    .from(r)
    .innerJoin(schema.pickupRequests, eq(schema.pickupRequests.id, r.pickupRequestId))
    .where(eq(schema.pickupRequests.userId, userId))
    .orderBy(asc(r.id))
    .all();
  const byPickup = new Map<number, Array<{ item: string; note: string | null; recordedAt: string | null }>>();
  for (const row of rows) {
    const list = byPickup.get(row.pickupId) ?? [];
    list.push({ item: row.item, note: row.note, recordedAt: iso(row.recordedAt) });
    byPickup.set(row.pickupId, list);
  }
  return byPickup;
}

function pickupsOf(userId: number) {
  const refused = refusedItemsOf(userId);
  return ordersWhere(userId)
    .all()
    .map(({ pickup, slot, payment }) => ({
      confirmationNumber: pickup.confirmationNumber,
      date: slot.date,
      window: slot.window,
      status: pickup.status,
      bags: pickup.bagsRequested,
      address: pickup.address,
      postalPrefix: pickup.postalFsa,
      price: { currency: "CAD", ...priceOf(pickup) },
      refund:
        pickup.refundCents === null
          ? null
          : { amountCents: pickup.refundCents, status: pickup.refundStatus, cancelledAt: iso(pickup.cancelledAt) },
      payment: payment
        ? {
            method: payment.provider,
            status: payment.status,
            amountCents: payment.amountCents,
            refundedCents: payment.refundedCents,
            paidAt: iso(payment.createdAt),
          }
        : null,
      bookedAt: iso(pickup.createdAt),
      movedAt: iso(pickup.modifiedAt),
      missedReason: pickup.missedReason,
      remedy: pickup.remedy,
      // Added by issue 47: the bags the driver took (null until recorded) and what was left at the door.
      bagsCollected: pickup.bagsCollected,
      refusedItems: refused.get(pickup.id) ?? [],
    }));
}

/** The terms accepted with each pickup (issue 43): version, when, the contract's language. */
function termsAcceptedOf(userId: number) {
  return db
    .select()
    .from(schema.pickupRequests)
    .where(eq(schema.pickupRequests.userId, userId))
    .orderBy(asc(schema.pickupRequests.id))
    .all()
    .filter((p) => p.termsAcceptedAt !== null)
    .map((p) => ({
      pickup: p.confirmationNumber,
      version: p.termsVersion,
      acceptedAt: iso(p.termsAcceptedAt),
      contractLanguage: p.contractLanguage,
      frenchTermsReceivedAt: iso(p.frenchTermsReceivedAt),
    }));
}

type OutboxRow = typeof schema.emailOutbox.$inferSelect;

/** A message as the export tells it: what, when written, when sent, and where it stands; never its body. */
function messageOf(row: OutboxRow) {
  return { kind: row.kind, writtenAt: iso(row.createdAt), sentAt: iso(row.sentAt), status: outboxStatus(row) };
}

/** The outbox rows of one channel addressed to `to` (an e-mail address or a phone number). */
function outboxTo(channel: "email" | "sms", to: string | null) {
  if (!to) return [];
  return db
    .select()
    .from(schema.emailOutbox)
    .where(and(eq(schema.emailOutbox.channel, channel), eq(schema.emailOutbox.to, to)))
    .orderBy(asc(schema.emailOutbox.id))
    .all();
}

/** Everything kept about the account `userId` (`currentSessionId` marks the session asking). */
export function exportAccountData(userId: number, currentSessionId?: string, at = now()) {
  const user = db.select().from(schema.users).where(eq(schema.users.id, userId)).get();
  if (!user) throw new Error(`No account ${userId}`);
  const redemptions = db
    .select({ r: schema.promoRedemptions, code: schema.promoCodes.code, percent: schema.promoCodes.percent })
    .from(schema.promoRedemptions)
    .innerJoin(schema.promoCodes, eq(schema.promoCodes.id, schema.promoRedemptions.promoCodeId))
    .where(eq(schema.promoRedemptions.userId, userId))
    .orderBy(asc(schema.promoRedemptions.id))
    .all();
  const pickupNumbers = new Map(
    db
      .select({ id: schema.pickupRequests.id, cn: schema.pickupRequests.confirmationNumber })
      .from(schema.pickupRequests)
      .where(eq(schema.pickupRequests.userId, userId))
      .all()
      .map((p) => [p.id, p.cn]),
  );
  const waitlist = db.select().from(schema.waitlistEntries).where(eq(schema.waitlistEntries.email, user.email)).all();
  const reads = db
    .select()
    .from(schema.notificationReads)
    .where(eq(schema.notificationReads.userId, userId))
    .orderBy(asc(schema.notificationReads.readAt))
    .all();
  const emails = outboxTo("email", user.email);
  return {
    format: EXPORT_FORMAT,
    version: EXPORT_VERSION,
    exportedAt: iso(at),
    account: {
      email: user.email,
      role: user.role,
      language: user.locale,
      createdAt: iso(user.createdAt),
      lastSeenAt: iso(user.lastSeenAt),
      completedOnboarding: user.hasCompletedOnboarding,
      emailConfirmedAt: iso(user.emailConfirmedAt),
    },
    profile: {
      firstName: user.firstName,
      lastName: user.lastName,
      streetAddress: user.streetAddress,
      unit: user.unit,
      city: user.city,
      province: user.province,
      postalCode: user.postalCode,
      postalPrefix: user.postalFsa,
      /** For the driver: a phone number and where the bags will be. */
      phone: user.phone,
      pickupNotes: user.pickupNotes,
      /** Where the address is, as the route order uses it; approximate: its postal prefix's centre. */
      latitude: user.latitude,
      longitude: user.longitude,
      positionApproximate: user.positionApproximate,
    },
    pickups: pickupsOf(userId),
    /** Issue 45: pickups that come back by themselves, and the cards saved for them (brand, last four, expiry). */
    plans: plansOf(userId),
    savedCards: savedCardsOf(userId),
    promoRedemptions: redemptions.map(({ r, code, percent }) => ({
      code,
      percent,
      discountCents: r.discountCents,
      redeemedAt: iso(r.redeemedAt),
      pickup: r.pickupRequestId === null ? null : (pickupNumbers.get(r.pickupRequestId) ?? null),
    })),
    waitlist: waitlist.map((w) => ({
      name: w.name,
      email: w.email,
      postalPrefix: w.fsa,
      reason: w.reason,
      language: w.locale,
      joinedAt: iso(w.createdAt),
      toldAt: iso(w.notifiedAt),
    })),
    notifications: { read: reads.map((r) => ({ id: r.notificationId, readAt: iso(r.readAt) })) },
    emails: emails.map((e) => {
      const { kind, ...rest } = messageOf(e);
      return { kind, subject: e.subject, ...rest };
    }),
    /** Issue 43: the texts written to the account's phone number (what and when; never a text's body). */
    texts: outboxTo("sms", user.phone).map((row) => ({ ...messageOf(row), to: row.to })),
    messageChoices: {
      remindersEnabled: user.remindersEnabled,
      reminderChannels: user.reminderChannels,
      alertsEnabled: user.alertsEnabled,
      dayAfterEnabled: user.dayAfterEnabled,
      phoneVerifiedAt: iso(user.phoneVerifiedAt),
      textsStoppedAt: iso(user.smsStoppedAt),
    },
    /** Whether a private calendar link was made; never its address (its token is a secret). */
    calendarLink: { exists: user.calendarToken !== null },
    termsAccepted: termsAcceptedOf(userId),
    sessions: listSessions(userId, currentSessionId, at).map((s) => ({
      browser: s.browser,
      system: s.system,
      signedInAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
      current: s.current,
    })),
  };
}

/** The whole export, as GET /api/auth/export answers it and the readable page tells it. */
export type AccountExport = ReturnType<typeof exportAccountData>;
