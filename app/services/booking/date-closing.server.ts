// Closing a date: every slot of it stops taking bookings, and each resident with a scheduled pickup on it
// is e-mailed (their language) to choose another date; their pickup and payment stay as they are. The
// one path for an admin's closed date (admin/supply.server) and for a Quebec holiday found with slots
// (slot-supply.server), written in the caller's transaction so the closing and its e-mails go together.
import { and, asc, eq } from "drizzle-orm";
import { schema, type Db, type Tx } from "~/services/platform/db.server";
import { queueEmail } from "~/services/platform/mailer.server";
import { pickupEmailValues } from "./pickup-email-values.server";
import type { PickupWindow } from "~/lib/dates";

export type AffectedPickup = {
  id: number;
  confirmationNumber: string;
  window: PickupWindow;
  name: string;
  firstName: string;
  email: string;
  locale: "en" | "fr";
  address: string;
  bags: number;
};

/** The date's scheduled pickups, by window then address. */
export function scheduledPickupsOn(tx: Tx | Db, date: string): AffectedPickup[] {
  return tx
    .select({
      id: schema.pickupRequests.id,
      confirmationNumber: schema.pickupRequests.confirmationNumber,
      window: schema.pickupSlots.window,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      email: schema.users.email,
      locale: schema.users.locale,
      address: schema.pickupRequests.address,
      bags: schema.pickupRequests.bagsRequested,
    })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .innerJoin(schema.users, eq(schema.users.id, schema.pickupRequests.userId))
    .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupRequests.status, "Scheduled")))
    .orderBy(asc(schema.pickupSlots.startsAt), asc(schema.pickupRequests.address))
    .all()
    .map(({ firstName, lastName, ...row }) => ({ ...row, firstName, name: `${firstName} ${lastName}`.trim() }));
}

/**
 * Closes the date's open slots in `tx`. When any was open, each scheduled pickup's resident is e-mailed
 * once; when all were closed already (a resubmitted form, the next hourly run), nothing is e-mailed again.
 */
export function closeDateSlots(tx: Tx, date: string): { closedSlots: number; pickups: AffectedPickup[] } {
  const closed = tx
    .update(schema.pickupSlots)
    .set({ closed: true })
    .where(and(eq(schema.pickupSlots.date, date), eq(schema.pickupSlots.closed, false)))
    .run();
  const pickups = scheduledPickupsOn(tx, date);
  if (closed.changes === 0) return { closedSlots: 0, pickups };
  for (const pickup of pickups) {
    queueEmail(tx, {
      to: pickup.email,
      kind: "date-closed",
      locale: pickup.locale,
      firstName: pickup.firstName,
      values: pickupEmailValues({ ...pickup, date }, pickup.locale, "/history"),
    });
  }
  return { closedSlots: closed.changes, pickups };
}
