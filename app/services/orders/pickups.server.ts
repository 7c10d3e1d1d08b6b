// Reading a resident's own pickup requests. A resident never sees another resident's pickup: every
// query here is scoped to the user id.
import { and, eq } from "drizzle-orm";
import { db, schema } from "~/services/platform/db.server";

const MAX_CONFIRMATION_NUMBER_LENGTH = 64;

export type PickupSummary = {
  id: number;
  confirmationNumber: string;
  bagsRequested: number;
  status: "Scheduled" | "Completed" | "Missed" | "Cancelled";
  totalCents: number;
  address: string;
  createdAt: number;
  slot: { id: number; date: string; window: "morning" | "afternoon"; startsAt: number };
};

/** The resident's pickup with this confirmation number, with its slot; null when unknown or not theirs. */
export function findPickupForUser(userId: number, confirmationNumber: string | null | undefined): PickupSummary | null {
  const number = (confirmationNumber ?? "").trim();
  if (!number || number.length > MAX_CONFIRMATION_NUMBER_LENGTH) return null;
  const row = db
    .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .where(and(eq(schema.pickupRequests.confirmationNumber, number), eq(schema.pickupRequests.userId, userId)))
    .get();
  if (!row) return null;
  const { pickup, slot } = row;
  return {
    id: pickup.id,
    confirmationNumber: pickup.confirmationNumber,
    bagsRequested: pickup.bagsRequested,
    status: pickup.status,
    totalCents: pickup.totalCents,
    address: pickup.address,
    createdAt: pickup.createdAt,
    slot: { id: slot.id, date: slot.date, window: slot.window, startsAt: slot.startsAt },
  };
}
