// A stop's history for admins (issue 42): every mark, undo and correction with who made it (name and
// role) and when, oldest first, and whether its e-mail went out.
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";

export type StopEventView = {
  id: number;
  action: "mark" | "undo" | "correct";
  status: "Scheduled" | "Completed" | "Missed";
  reason: string | null;
  actorRole: "driver" | "admin";
  actorName: string;
  at: number;
  email: "queued" | "sent" | "withdrawn" | null;
};

export function stopHistory(pickupId: number): StopEventView[] {
  const e = schema.stopEvents;
  return db
    .select({
      event: e,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      actorEmail: schema.users.email,
      sentAt: schema.emailOutbox.sentAt,
      outboxRow: schema.emailOutbox.id,
    })
    .from(e)
    .leftJoin(schema.users, eq(schema.users.id, e.actorId))
    .leftJoin(schema.emailOutbox, eq(schema.emailOutbox.id, e.outboxId))
    .where(eq(e.pickupId, pickupId))
    .orderBy(asc(e.id))
    .all()
    .map(({ event, firstName, lastName, actorEmail, sentAt, outboxRow }) => ({
      id: event.id,
      action: event.action,
      status: event.status,
      reason: event.reason,
      actorRole: event.actorRole,
      actorName: `${firstName ?? ""} ${lastName ?? ""}`.trim() || actorEmail || "—",
      at: event.createdAt,
      email: event.outboxId === null ? null : outboxRow === null ? "withdrawn" : sentAt ? "sent" : "queued",
    }));
}

/** Full refunds of pickups we missed (or refunded in full by an admin), newest first: for /admin/refunds. */
export function missedRefunds(limit = 200) {
  const r = schema.pickupRequests;
  return db
    .select({
      pickupId: r.id,
      confirmationNumber: r.confirmationNumber,
      email: schema.users.email,
      amountCents: r.refundCents,
      status: r.refundStatus,
      reason: r.missedReason,
      since: r.remedyAt,
    })
    .from(r)
    .innerJoin(schema.users, eq(schema.users.id, r.userId))
    .where(and(eq(r.remedy, "refund"), inArray(r.status, ["Missed", "Completed"])))
    .orderBy(desc(r.remedyAt))
    .limit(limit)
    .all()
    .map((row) => ({ ...row, amountCents: row.amountCents ?? 0, since: row.since ?? 0 }));
}
