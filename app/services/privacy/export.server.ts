// Download my data (issue 34, Law 25's right to one's information in a structured, commonly used format):
// everything kept about one account, as JSON. Its shape is documented in docs/privacy.md (version 1). Only
// the account's own rows; never a password hash, a session id, a token, a provider's payment id or card
// details.
import { asc, eq } from "drizzle-orm";
import { listSessions } from "~/services/accounts/session-list.server";
import { ordersWhere, priceOf } from "~/services/pickups/pickups.server";
import { db, schema } from "~/services/platform/db.server";
import { now } from "~/lib/clock";

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? null : new Date(ms).toISOString());

const EXPORT_FORMAT = "recircle-personal-data";
const EXPORT_VERSION = 1;

function pickupsOf(userId: number) {
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
    }));
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
  const emails = db
    .select()
    .from(schema.emailOutbox)
    .where(eq(schema.emailOutbox.to, user.email))
    .orderBy(asc(schema.emailOutbox.id))
    .all();
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
    emails: emails.map((e) => ({
      kind: e.kind,
      subject: e.subject,
      writtenAt: iso(e.createdAt),
      sentAt: iso(e.sentAt),
    })),
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
