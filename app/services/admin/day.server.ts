// The day's work: a date's pickups grouped by window, each window in route order from the depot (the
// driver's sheet, printable and as CSV, with each stop's sequence and position), and marking each pickup
// Completed or Missed. A missed resident is e-mailed a link to book again.
import { and, asc, eq } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError, toDateKey } from "./admin-error.server";
import { toInteger } from "~/lib/ids";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { queuePickupOutcome } from "~/services/booking/pickup-emails.server";
import { recordPickupNotice } from "~/services/booking/pickup-notices.server";
import { now } from "~/lib/clock";
import { dateKey, type PickupWindow } from "~/lib/dates";
import { orderRoute, type Position } from "~/lib/route-order";
import { formatPhoneOrNull } from "~/lib/phone";
import type { User } from "../../../db/schema";

export type SheetPickup = {
  id: number;
  confirmationNumber: string;
  window: PickupWindow;
  address: string;
  postalFsa: string;
  bags: number;
  status: "Scheduled" | "Completed" | "Missed" | "Cancelled";
  name: string;
  email: string;
  /** The stop's place in its window's route, 1..n. */
  sequence: number;
  latitude: number | null;
  longitude: number | null;
  approximate: boolean;
  unit: string;
  pickupNotes: string;
  phone: string | null;
  phoneShown: string | null;
};

/** Where routes start and end: DEPOT_LAT / DEPOT_LNG. */
function depot(): Position {
  return { lat: env.DEPOT_LAT, lng: env.DEPOT_LNG };
}

export type DaySheet = {
  date: string;
  windows: Array<{ window: PickupWindow; pickups: SheetPickup[]; bags: number; lengthKm: number }>;
  totalPickups: number;
  totalBags: number;
  cancelled: number;
  /** Pickups can be marked from their day on, not before. */
  canMark: boolean;
};

/** The date asked for in ?date=, or today (Montreal) when missing or not a real date. */
export function sheetDate(raw: string | null, at = now()): string {
  return toDateKey(raw) ?? dateKey(at);
}

/** The date's pickups (cancelled ones only counted), morning then afternoon, each window in route order. */
export function daySheet(date: string, at = now()): DaySheet {
  const rows = db
    .select({
      id: schema.pickupRequests.id,
      confirmationNumber: schema.pickupRequests.confirmationNumber,
      window: schema.pickupSlots.window,
      address: schema.pickupRequests.address,
      postalFsa: schema.pickupRequests.postalFsa,
      bags: schema.pickupRequests.bagsRequested,
      status: schema.pickupRequests.status,
      firstName: schema.users.firstName,
      lastName: schema.users.lastName,
      email: schema.users.email,
      latitude: schema.pickupRequests.latitude,
      longitude: schema.pickupRequests.longitude,
      approximate: schema.pickupRequests.positionApproximate,
      unit: schema.users.unit,
      pickupNotes: schema.users.pickupNotes,
      phone: schema.users.phone,
    })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .innerJoin(schema.users, eq(schema.users.id, schema.pickupRequests.userId))
    .where(eq(schema.pickupSlots.date, date))
    .orderBy(
      asc(schema.pickupSlots.startsAt),
      asc(schema.pickupRequests.postalFsa),
      asc(schema.pickupRequests.address),
      asc(schema.pickupRequests.id),
    )
    .all()
    .map(({ firstName, lastName, ...row }) => ({
      ...row,
      name: `${firstName} ${lastName}`.trim(),
      /** The phone as people read it ("514 555-0142"); `phone` stays E.164 for tel: links and the CSV. */
      phoneShown: formatPhoneOrNull(row.phone),
    }));
  const live = rows.filter((r) => r.status !== "Cancelled");
  const windows = (["morning", "afternoon"] as const).map((window) => {
    // Ordered from a fixed starting order (postal area, address, id), so the same day gives the same route.
    const route = orderRoute(
      depot(),
      live.filter((r) => r.window === window),
      (r) => (r.latitude !== null && r.longitude !== null ? { lat: r.latitude, lng: r.longitude } : null),
    );
    const pickups = route.stops.map((stop, i) => ({ ...stop, sequence: i + 1 }));
    return { window, pickups, bags: pickups.reduce((sum, p) => sum + p.bags, 0), lengthKm: route.lengthKm };
  });
  return {
    date,
    windows,
    totalPickups: live.length,
    totalBags: live.reduce((sum, p) => sum + p.bags, 0),
    cancelled: rows.length - live.length,
    canMark: date <= dateKey(at),
  };
}

const MARKS = ["Completed", "Missed"] as const;

/**
 * Records how a scheduled pickup went. Only from its day on, and only once: a pickup already Completed,
 * Missed or Cancelled is refused. Missed e-mails the resident (their language) a link to book again.
 */
export async function markPickup(admin: Pick<User, "id">, pickupId: unknown, rawMark: unknown, at = now()) {
  const id = toInteger(pickupId);
  const mark = MARKS.find((m) => m === rawMark);
  if (!mark) throw new AdminError("day.markInvalid");
  const pickup = db.transaction((tx) => {
    const row = id
      ? tx
          .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots, user: schema.users })
          .from(schema.pickupRequests)
          .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
          .innerJoin(schema.users, eq(schema.users.id, schema.pickupRequests.userId))
          .where(eq(schema.pickupRequests.id, id))
          .get()
      : undefined;
    if (!row) throw new AdminError("day.notFound", {}, 404);
    if (row.slot.date > dateKey(at))
      throw new AdminError("day.tooEarly", { confirmationNumber: row.pickup.confirmationNumber });
    const updated = tx
      .update(schema.pickupRequests)
      .set({ status: mark, updatedAt: at })
      .where(and(eq(schema.pickupRequests.id, row.pickup.id), eq(schema.pickupRequests.status, "Scheduled")))
      .run();
    if (updated.changes !== 1) {
      // Already Completed, Missed or Cancelled: each has its own message.
      throw new AdminError(`day.already${row.pickup.status}`, { confirmationNumber: row.pickup.confirmationNumber });
    }
    recordActivity(tx, admin.id, mark === "Completed" ? "pickup.completed" : "pickup.missed", {
      confirmationNumber: row.pickup.confirmationNumber,
      date: row.slot.date,
    });
    // Thanks for a Completed pickup, the likely reasons and a booking link for a Missed one; both in the bell.
    queuePickupOutcome(tx, row.user, row.pickup, row.slot, mark);
    recordPickupNotice(tx, row.pickup, mark === "Completed" ? "completed" : "missed", at);
    return row;
  });
  return { confirmationNumber: pickup.pickup.confirmationNumber, date: pickup.slot.date, mark };
}

/** The day sheet's CSV file name. */
export function daySheetFilename(date: string) {
  return `pickups-${date}.csv`;
}
