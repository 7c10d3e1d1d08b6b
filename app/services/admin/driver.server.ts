// The driver's view of a day: each window's stops in route order (the day sheet's), with what finding the
// bags takes (address, unit, bags, where they are, a phone number, whether the position is approximate)
// and nothing else of the resident's: never their e-mail or anything of their payment.
import { daySheet, type SheetPickup } from "./day.server";
import { undoableMarks } from "~/services/stops/marks.server";
import { now } from "~/lib/clock";
import type { PickupWindow } from "~/lib/dates";

type DriverStop = Pick<
  SheetPickup,
  | "id"
  | "sequence"
  | "confirmationNumber"
  | "address"
  | "unit"
  | "bags"
  | "pickupNotes"
  | "phone"
  | "phoneShown"
  | "approximate"
  | "latitude"
  | "longitude"
  | "status"
  | "name"
  | "bagsCollected"
  | "refused"
>;

export type DriverRoute = {
  date: string;
  canMark: boolean;
  windows: Array<{ window: PickupWindow; lengthKm: number; stops: DriverStop[] }>;
};

export function driverRoute(date: string, at = now()): DriverRoute {
  const sheet = daySheet(date, at);
  return {
    date,
    canMark: sheet.canMark,
    windows: sheet.windows.map((w) => ({
      window: w.window,
      lengthKm: w.lengthKm,
      stops: w.pickups.map((p) => ({
        id: p.id,
        sequence: p.sequence,
        confirmationNumber: p.confirmationNumber,
        address: p.address,
        unit: p.unit,
        bags: p.bags,
        pickupNotes: p.pickupNotes,
        phone: p.phone,
        phoneShown: p.phoneShown,
        approximate: p.approximate,
        latitude: p.latitude,
        longitude: p.longitude,
        status: p.status,
        name: p.name,
        bagsCollected: p.bagsCollected,
        refused: p.refused,
      })),
    })),
  };
}

/** The stop to show after `pickupId` was marked: the next one still scheduled in its window, if any. */
export function nextStopAfter(route: DriverRoute, pickupId: number): number | null {
  for (const w of route.windows) {
    const at = w.stops.findIndex((s) => s.id === pickupId);
    if (at < 0) continue;
    const next = [...w.stops.slice(at + 1), ...w.stops.slice(0, at)].find((s) => s.status === "Scheduled");
    return next?.id ?? null;
  }
  return null;
}

/**
 * The route as one driver sees it: each stop they marked in the last 10 minutes with the time its undo
 * closes (services/stops), so the page offers Undo on it and nowhere else.
 */
export function driverDay(driverId: number, date: string, at = now()) {
  const route = driverRoute(date, at);
  const ids = route.windows.flatMap((w) => w.stops.filter((s) => s.status !== "Scheduled").map((s) => s.id));
  return { route, undoUntil: Object.fromEntries(undoableMarks(ids, driverId, at)) as Record<number, number> };
}
