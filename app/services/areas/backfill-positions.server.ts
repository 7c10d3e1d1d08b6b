// `npm run backfill-positions`: asks the configured geocoder again for every position that is only a
// postal prefix's centre (flagged approximate) or missing: residents' addresses and the coming scheduled
// pickups (past ones were driven already). An address the geocoder now places gets its exact position;
// one it still cannot place keeps its prefix centre (a missing one gets it). The look-ups run first, one
// at a time (a public geocoder asks for a pause between requests); then every change is written in one
// transaction, each row only if it has not changed meanwhile (a resident saving a new address). A
// position not flagged approximate is never touched. Safe to run again.
import { and, eq, gte, isNull, or } from "drizzle-orm";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { prefixCentroid, type AddressPosition } from "~/lib/positions";
import { fsaOf, postalCodeAtEnd } from "~/lib/postal";
import { db, schema } from "~/services/platform/db.server";
import { geocoder } from "./geocoder/geocoder.server";
import { geocodeAddress, type LocateOptions, type PlacedAddress } from "./geocoder/locate.server";

type BackfillOptions = LocateOptions & {
  /** The pause between two look-ups; by default 1 s for an external geocoder, none for the embedded one. */
  delayMs?: number;
  at?: number;
};

type BackfillResult = {
  /** Rows that now have their exact position. */
  placed: { profiles: number; pickups: number };
  /** Rows the geocoder still could not place (they keep, or get, their prefix centre). */
  approximate: { profiles: number; pickups: number };
};

/** A pickup's address line ('1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8') as its parts. */
export function partsOfLine(line: string): PlacedAddress | null {
  const postalCode = postalCodeAtEnd(line);
  const segments = line.split(",").map((s) => s.trim());
  const streetAddress = segments[0];
  if (!postalCode || !streetAddress || segments.length < 2) return null;
  const last = segments[segments.length - 1]!;
  const province = /^([A-Za-z]{2})\s/.exec(last)?.[1]?.toUpperCase() ?? "QC";
  const city = segments.length >= 3 ? segments[segments.length - 2]! : "";
  return { streetAddress, city, province, postalCode };
}

const needsPosition = (table: typeof schema.users | typeof schema.pickupRequests) =>
  or(isNull(table.latitude), eq(table.positionApproximate, true));

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function backfillPositions(options: BackfillOptions = {}): Promise<BackfillResult> {
  const provider = options.provider ?? geocoder();
  const delayMs = options.delayMs ?? (provider.name === "local" ? 0 : 1000);
  const today = dateKey(options.at ?? now());

  const users = db
    .select({
      id: schema.users.id,
      streetAddress: schema.users.streetAddress,
      city: schema.users.city,
      province: schema.users.province,
      postalCode: schema.users.postalCode,
      latitude: schema.users.latitude,
    })
    .from(schema.users)
    .where(needsPosition(schema.users))
    .all()
    .filter((u) => u.streetAddress.trim() && u.postalCode.trim());
  const pickups = db
    .select({
      id: schema.pickupRequests.id,
      address: schema.pickupRequests.address,
      postalFsa: schema.pickupRequests.postalFsa,
      latitude: schema.pickupRequests.latitude,
    })
    .from(schema.pickupRequests)
    .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
    .where(
      and(
        needsPosition(schema.pickupRequests),
        eq(schema.pickupRequests.status, "Scheduled"),
        gte(schema.pickupSlots.date, today),
      ),
    )
    .all();

  // One look-up per address: a resident's coming pickups are at their profile's address.
  const looked = new Map<string, { latitude: number; longitude: number } | null>();
  let asked = 0;
  async function place(address: PlacedAddress | null): Promise<{ latitude: number; longitude: number } | null> {
    if (!address) return null;
    const key = [address.streetAddress, address.postalCode].map((s) => s.toLowerCase().replace(/\s+/g, "")).join("|");
    if (looked.has(key)) return looked.get(key)!;
    if (asked > 0 && delayMs > 0) await pause(delayMs);
    asked += 1;
    let found: { latitude: number; longitude: number } | null = null;
    try {
      found = await geocodeAddress(address, { ...options, provider });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      console.warn(`[backfill-positions] no answer for an address in ${fsaOf(address.postalCode)} (${reason})`);
    }
    looked.set(key, found);
    return found;
  }

  /** The exact position, else (only for a row without any) the prefix centre; null leaves the row as it is. */
  const positionFor = (found: { latitude: number; longitude: number } | null, fsa: string, hasOne: boolean) =>
    found ? ({ ...found, approximate: false } satisfies AddressPosition) : hasOne ? null : prefixCentroid(fsa);

  const userChanges: Array<{ row: (typeof users)[number]; position: AddressPosition | null }> = [];
  for (const row of users) {
    const found = await place(row);
    userChanges.push({ row, position: positionFor(found, fsaOf(row.postalCode), row.latitude !== null) });
  }
  const pickupChanges: Array<{ row: (typeof pickups)[number]; position: AddressPosition | null }> = [];
  for (const row of pickups) {
    const found = await place(partsOfLine(row.address));
    pickupChanges.push({ row, position: positionFor(found, row.postalFsa, row.latitude !== null) });
  }

  const result: BackfillResult = { placed: { profiles: 0, pickups: 0 }, approximate: { profiles: 0, pickups: 0 } };
  db.transaction((tx) => {
    for (const { row, position } of userChanges) {
      const changed = position
        ? tx
            .update(schema.users)
            .set({
              latitude: position.latitude,
              longitude: position.longitude,
              positionApproximate: position.approximate,
            })
            .where(
              and(
                eq(schema.users.id, row.id),
                needsPosition(schema.users),
                eq(schema.users.streetAddress, row.streetAddress),
                eq(schema.users.postalCode, row.postalCode),
              ),
            )
            .run().changes
        : 0;
      if (changed && !position!.approximate) result.placed.profiles += 1;
      else result.approximate.profiles += 1;
    }
    for (const { row, position } of pickupChanges) {
      const changed = position
        ? tx
            .update(schema.pickupRequests)
            .set({
              latitude: position.latitude,
              longitude: position.longitude,
              positionApproximate: position.approximate,
            })
            .where(
              and(
                eq(schema.pickupRequests.id, row.id),
                needsPosition(schema.pickupRequests),
                eq(schema.pickupRequests.address, row.address),
              ),
            )
            .run().changes
        : 0;
      if (changed && !position!.approximate) result.placed.pickups += 1;
      else result.approximate.pickups += 1;
    }
  });
  return result;
}
