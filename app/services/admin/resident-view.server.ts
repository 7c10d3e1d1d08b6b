// A resident as an admin sees them (issue 42 part 9): their details, their pickups, their payments (amounts,
// refunds, status), the messages written to their address or phone (kind, date, status: never a body, so
// never a verification code) and how many sessions they have open. Only residents with an account: staff
// and deleted accounts (tombstones) are no resident here.
import { and, count, desc, eq, gt, or } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";
import { outboxStatus } from "~/lib/outbox";
import { now } from "~/lib/clock";
import { recordAdminLook } from "./access-log.server";

/** The newest messages listed; the total is given with them. */
const MESSAGES_SHOWN = 50;

function residentView(id: number, at: number) {
  const u = schema.users;
  const user = db
    .select()
    .from(u)
    .where(and(eq(u.id, id), eq(u.role, "resident")))
    .get();
  if (!user || user.deletedAt !== null) return null;

  const p = schema.pickupRequests;
  const pickups = db
    .select({
      confirmationNumber: p.confirmationNumber,
      date: schema.pickupSlots.date,
      window: schema.pickupSlots.window,
      status: p.status,
      bags: p.bagsRequested,
      totalCents: p.totalCents,
      refundCents: p.refundCents,
      refundStatus: p.refundStatus,
      address: p.address,
      paymentId: p.paymentId,
    })
    .from(p)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, p.pickupSlotId))
    .where(eq(p.userId, id))
    .orderBy(desc(schema.pickupSlots.startsAt), desc(p.id))
    .all();
  const pickupOfPayment = new Map(pickups.filter((r) => r.paymentId !== null).map((r) => [r.paymentId!, r]));

  const pay = schema.payments;
  const payments = db
    .select({
      id: pay.id,
      provider: pay.provider,
      amountCents: pay.amountCents,
      refundedCents: pay.refundedCents,
      status: pay.status,
      createdAt: pay.createdAt,
    })
    .from(pay)
    .where(eq(pay.userId, id))
    .orderBy(desc(pay.createdAt), desc(pay.id))
    .all()
    .map((row) => ({ ...row, confirmationNumber: pickupOfPayment.get(row.id)?.confirmationNumber ?? null }));

  const o = schema.emailOutbox;
  const toThem = user.phone ? or(eq(o.to, user.email), eq(o.to, user.phone))! : eq(o.to, user.email);
  const messageTotal = db.select({ n: count() }).from(o).where(toThem).get()!.n;
  const messages = db
    .select({
      id: o.id,
      channel: o.channel,
      kind: o.kind,
      subject: o.subject,
      locale: o.locale,
      createdAt: o.createdAt,
      sentAt: o.sentAt,
      text: o.text,
      attempts: o.attempts,
      nextAttemptAt: o.nextAttemptAt,
      notSent: o.notSent,
    })
    .from(o)
    .where(toThem)
    .orderBy(desc(o.id))
    .limit(MESSAGES_SHOWN)
    .all()
    // The body is read only for the message's state: it never leaves here (a text's is its code).
    .map(({ text, attempts, nextAttemptAt, notSent, ...row }) => ({
      ...row,
      // An e-mail's subject says what it is; a text has none (its body may be a verification code).
      subject: row.channel === "email" ? row.subject : "",
      status: outboxStatus({ sentAt: row.sentAt, text, attempts, nextAttemptAt, notSent }),
    }));

  const s = schema.sessions;
  const sessions = db
    .select({ n: count() })
    .from(s)
    .where(and(eq(s.userId, id), gt(s.expiresAt, at)))
    .get()!.n;

  return {
    resident: {
      id: user.id,
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      emailConfirmed: user.emailConfirmedAt !== null,
      phone: user.phone,
      phoneVerified: user.phoneVerifiedAt !== null,
      streetAddress: user.streetAddress,
      unit: user.unit,
      city: user.city,
      province: user.province,
      postalCode: user.postalCode,
      locale: user.locale,
      createdAt: user.createdAt,
      lastSeenAt: user.lastSeenAt,
    },
    pickups: pickups.map(({ paymentId: _paymentId, ...row }) => row),
    payments,
    messages,
    messageTotal,
    sessions,
  };
}

/** An admin opens a resident's page: their data, or null (no such resident), the look recorded first. */
export function viewResidentAsAdmin(adminId: number, residentId: number, at = now()) {
  const view = residentView(residentId, at);
  if (view) recordAdminLook({ adminId, subjectUserIds: [residentId], what: "resident", at });
  return view;
}
