// The day's work: a date's pickups grouped by window, each window in route order from the depot (the
// driver's sheet, printable and as CSV, with each stop's sequence and position), and marking each pickup
// Completed or Missed with its reason, undoing and correcting a mark: thin over services/stops.
import { asc, eq } from "drizzle-orm";
import { recordActivity } from "./activity.server";
import { AdminError, toDateKey } from "./admin-error.server";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import { correctStop, markStop, undoStop, type StopActor, type StopLog } from "~/services/stops/marks.server";
import { refusedItemsOf } from "~/services/stops/door.server";
import { StopError } from "~/services/stops/stop-error.server";
import { now } from "~/lib/clock";
import { dateKey, type PickupWindow } from "~/lib/dates";
import { orderRoute, type Position } from "~/lib/route-order";
import { formatPhoneOrNull } from "~/lib/phone";
import type { DoorInput, LeftItem } from "~/lib/refused-items";
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
  /** Why it was Missed (lib/stops), if it was. */
  missedReason: string | null;
  /** Booked by a resident's plan (issue 45): the sheet marks it. */
  planned: boolean;
  /** Issue 47: the bags the driver took at a Completed stop (null until recorded) and what was left. */
  bagsCollected: number | null;
  refused: LeftItem[];
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
      missedReason: schema.pickupRequests.missedReason,
      planId: schema.pickupRequests.planId,
      bagsCollected: schema.pickupRequests.bagsCollected,
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
    .all();
  const refused = refusedItemsOf(
    db,
    rows.filter((r) => r.status === "Completed").map((r) => r.id),
  );
  const all = rows.map(({ firstName, lastName, planId, ...row }) => ({
    ...row,
    refused: refused.get(row.id) ?? [],
    planned: planId !== null,
    name: `${firstName} ${lastName}`.trim(),
    /** The phone as people read it ("514 555-0142"); `phone` stays E.164 for tel: links and the CSV. */
    phoneShown: formatPhoneOrNull(row.phone),
  }));
  const live = all.filter((r) => r.status !== "Cancelled");
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
    cancelled: all.length - live.length,
    canMark: date <= dateKey(at),
  };
}

/** The stop's refusals (stops:errors.*) as the admin pages show them. */
function asAdminError(error: unknown): never {
  if (error instanceof StopError) throw new AdminError(error.key, error.values, error.status);
  throw error;
}

/**
 * Records how a scheduled pickup went (services/stops markStop): from its day on, once, Completed or
 * Missed with a reason; by an admin from the day sheet or a driver from their route (`role`). The
 * resident's e-mail waits for the 10-minute undo window.
 */
export async function markPickup(
  actor: Pick<User, "id">,
  pickupId: unknown,
  mark: unknown,
  at = now(),
  reason?: unknown,
  role: StopActor["role"] = "admin",
  door?: DoorInput,
) {
  try {
    // The admin activity log, in the mark's transaction.
    const log: StopLog = (tx, action, confirmationNumber, date) =>
      recordActivity(tx, actor.id, action, { confirmationNumber, date });
    return markStop({ id: actor.id, role }, { pickupId, mark, reason, door }, at, log);
  } catch (error) {
    return asAdminError(error);
  }
}

/** A driver's undo of their own mark within 10 minutes (services/stops undoStop). */
export function undoPickupMark(actor: Pick<User, "id">, pickupId: unknown, role: StopActor["role"], at = now()) {
  try {
    return undoStop({ id: actor.id, role }, pickupId, at);
  } catch (error) {
    return asAdminError(error);
  }
}

/** An admin's correction of a marked pickup at any time (services/stops correctStop). */
export function correctPickup(
  admin: Pick<User, "id">,
  pickupId: unknown,
  status: unknown,
  reason: unknown,
  at = now(),
) {
  try {
    return correctStop({ id: admin.id, role: "admin" }, { pickupId, status, reason }, at);
  } catch (error) {
    return asAdminError(error);
  }
}

/** The day sheet's CSV file name. */
export function daySheetFilename(date: string) {
  return `pickups-${date}.csv`;
}
