// What was found at the door of a Completed stop (issue 47 part 1): the bags the driver actually took
// (pickup_requests.bags_collected) and the items refused and left behind (refused_items, one row per item,
// "other" with its note), written in the mark's transaction, and taken back with the mark (an undo, a
// correction to anything but Completed). Validation is lib/refused-items readDoorOutcome.
import { asc, eq, inArray } from "drizzle-orm";
import { schema, type Db, type Tx } from "~/services/platform/db.server";
import {
  isRefusedItem,
  readDoorOutcome,
  REFUSED_ITEMS,
  type DoorInput,
  type DoorOutcome,
  type LeftItem,
} from "~/lib/refused-items";
import { StopError } from "./stop-error.server";

/** The door outcome of a Completed mark, read from the form's values, or a refusal (400, nothing stored). */
export function doorOutcomeOf(input: DoorInput | undefined, bagsRequested: number): DoorOutcome {
  const read = readDoorOutcome(input ?? {}, bagsRequested);
  if (!read.ok) throw new StopError(read.problem, {}, 400);
  return read.value;
}

/** Records the bags collected and the refused items of a pickup, in the mark's transaction. */
export function recordDoorOutcome(tx: Tx, pickupId: number, outcome: DoorOutcome, actorId: number, at: number) {
  tx.update(schema.pickupRequests)
    .set({ bagsCollected: outcome.bagsCollected })
    .where(eq(schema.pickupRequests.id, pickupId))
    .run();
  tx.delete(schema.refusedItems).where(eq(schema.refusedItems.pickupRequestId, pickupId)).run();
  if (outcome.refused.length) {
    tx.insert(schema.refusedItems)
      .values(
        outcome.refused.map((left) => ({
          pickupRequestId: pickupId,
          item: left.item,
          note: left.item === "other" ? left.note : null,
          recordedBy: actorId,
          recordedAt: at,
        })),
      )
      .run();
  }
}

/** Takes the door outcome back with the mark it came with: nothing collected is known any more. */
export function clearDoorOutcome(tx: Tx, pickupId: number) {
  tx.update(schema.pickupRequests).set({ bagsCollected: null }).where(eq(schema.pickupRequests.id, pickupId)).run();
  tx.delete(schema.refusedItems).where(eq(schema.refusedItems.pickupRequestId, pickupId)).run();
}

/** The items left at the door of each pickup, in the list's order (lib/refused-items). */
export function refusedItemsOf(from: Db | Tx, pickupIds: readonly number[]): Map<number, LeftItem[]> {
  const found = new Map<number, LeftItem[]>();
  if (!pickupIds.length) return found;
  const r = schema.refusedItems;
  const rows = from
    .select({ pickupId: r.pickupRequestId, item: r.item, note: r.note })
    .from(r)
    .where(inArray(r.pickupRequestId, [...pickupIds]))
    .orderBy(asc(r.pickupRequestId), asc(r.id))
    .all();
  for (const row of rows) {
    if (!isRefusedItem(row.item)) continue;
    const list = found.get(row.pickupId) ?? [];
    list.push({ item: row.item, note: row.note });
    found.set(row.pickupId, list);
  }
  const rank = (left: LeftItem) => REFUSED_ITEMS.indexOf(left.item);
  for (const list of found.values()) list.sort((a, b) => rank(a) - rank(b));
  return found;
}

/**
 * What the resident's order page shows of a Completed pickup's door (issue 47): the bags collected
 * ("3 of 4 bags collected") and what was left there; null when nothing was recorded. The caller has
 * already found the pickup among the resident's own.
 */
export function doorRecord(from: Db | Tx, pickup: { id: number; status: string; bagsRequested: number }) {
  if (pickup.status !== "Completed") return null;
  const row = from
    .select({ bagsCollected: schema.pickupRequests.bagsCollected })
    .from(schema.pickupRequests)
    .where(eq(schema.pickupRequests.id, pickup.id))
    .get();
  const refused = refusedItemsOf(from, [pickup.id]).get(pickup.id) ?? [];
  const bagsCollected = row?.bagsCollected ?? null;
  if (bagsCollected === null && !refused.length) return null;
  return { bagsRequested: pickup.bagsRequested, bagsCollected, refused };
}
