// What a driver records at the door, and how it is put right (issue 42 part 1): a mark (Completed, or
// Missed with its reason) from the pickup's day on; the driver's undo of their own mark for 10 minutes;
// an admin's correction at any time. Each change is one transaction that writes the pickup, a stop
// event (who, when, what), the bell and the resident's e-mail: an e-mail waits for the undo window
// (its due time) and is withdrawn by the undo, and a change after it went out writes a correction.
import { and, desc, eq, gte, inArray, isNotNull } from "drizzle-orm";
import { recordPickupNotice } from "~/services/booking/pickup-notices.server";
import { db, schema, type Db, type Tx } from "~/services/platform/db.server";
import { withdrawEmail } from "~/services/platform/mailer.server";
import { now } from "~/lib/clock";
import { dateKey } from "~/lib/dates";
import { toInteger } from "~/lib/ids";
import { canUndo, isMissedReason, readMark, undoDeadline, type MissedReason } from "~/lib/stops";
import type { DoorInput } from "~/lib/refused-items";
import { clearDoorOutcome, doorOutcomeOf, recordDoorOutcome } from "./door.server";
import { queueStopCorrection, queueStopOutcome } from "./stop-emails.server";
import { StopError } from "./stop-error.server";

export type StopActor = { id: number; role: "driver" | "admin" };
/** Written in the change's transaction by the caller (the admin activity log), if it keeps one. */
export type StopLog = (
  tx: Tx,
  action: "pickup.completed" | "pickup.missed",
  confirmationNumber: string,
  date: string,
) => void;

function stopRow(tx: Tx, id: number | null) {
  const row = id
    ? tx
        .select({ pickup: schema.pickupRequests, slot: schema.pickupSlots, user: schema.users })
        .from(schema.pickupRequests)
        .innerJoin(schema.pickupSlots, eq(schema.pickupSlots.id, schema.pickupRequests.pickupSlotId))
        .innerJoin(schema.users, eq(schema.users.id, schema.pickupRequests.userId))
        .where(eq(schema.pickupRequests.id, id))
        .get()
    : undefined;
  if (!row) throw new StopError("stops:errors.notFound", {}, 404);
  return row;
}

function lastEvent(tx: Db | Tx, pickupId: number, withEmail = false) {
  const e = schema.stopEvents;
  return tx
    .select()
    .from(e)
    .where(and(eq(e.pickupId, pickupId), withEmail ? isNotNull(e.outboxId) : undefined))
    .orderBy(desc(e.id))
    .limit(1)
    .get();
}

/** The bell's notice of a mark, taken back with it (an undo, a correction). */
function withdrawNotice(tx: Tx, pickupId: number, since: number) {
  const n = schema.pickupNotifications;
  tx.delete(n)
    .where(and(eq(n.pickupRequestId, pickupId), gte(n.createdAt, since), inArray(n.type, ["completed", "missed"])))
    .run();
}

/**
 * Records how a scheduled pickup went, from its day on, once: Completed (issue 47: with the bags collected,
 * the bags booked when not given, and the items refused and left at the door), or Missed with one of the
 * reasons. The resident's e-mail is written now, due when the undo window ends.
 */
export function markStop(
  actor: StopActor,
  input: { pickupId: unknown; mark: unknown; reason?: unknown; door?: DoorInput },
  at = now(),
  log?: StopLog,
) {
  const outcome = readMark(input.mark, input.reason);
  if (!outcome) {
    throw new StopError(input.mark === "Missed" ? "stops:errors.reasonRequired" : "stops:errors.markInvalid", {}, 400);
  }
  return db.transaction(
    (tx) => {
      const { pickup, slot, user } = stopRow(tx, toInteger(input.pickupId));
      const confirmationNumber = pickup.confirmationNumber;
      if (slot.date > dateKey(at)) throw new StopError("stops:errors.tooEarly", { confirmationNumber });
      const door = outcome.mark === "Completed" ? doorOutcomeOf(input.door, pickup.bagsRequested) : null;
      const finalAt = undoDeadline(at);
      const updated = tx
        .update(schema.pickupRequests)
        .set({ status: outcome.mark, missedReason: outcome.reason, stopFinalAt: finalAt, updatedAt: at })
        .where(and(eq(schema.pickupRequests.id, pickup.id), eq(schema.pickupRequests.status, "Scheduled")))
        .run();
      if (updated.changes !== 1) throw new StopError(`stops:errors.already${pickup.status}`, { confirmationNumber });
      const status = outcome.mark;
      if (door) recordDoorOutcome(tx, pickup.id, door, actor.id, at);
      const outboxId = queueStopOutcome(tx, user, pickup, slot, { status, reason: outcome.reason }, finalAt, door);
      recordPickupNotice(tx, pickup, status === "Completed" ? "completed" : "missed", at);
      tx.insert(schema.stopEvents)
        .values({
          pickupId: pickup.id,
          action: "mark",
          status,
          reason: outcome.reason,
          ...who(actor),
          outboxId,
          createdAt: at,
        })
        .run();
      log?.(tx, status === "Completed" ? "pickup.completed" : "pickup.missed", confirmationNumber, slot.date);
      return { confirmationNumber, date: slot.date, mark: status, pickupId: pickup.id, undoUntil: finalAt };
    },
    { behavior: "immediate" },
  );
}

function who(actor: StopActor) {
  return { actorId: actor.id, actorRole: actor.role };
}

/**
 * The driver's undo of their own mark, within 10 minutes of it: the pickup is Scheduled again, its
 * e-mail (not yet due) withdrawn and its bell notice taken back. Anyone else's mark, or later, is refused.
 */
export function undoStop(actor: StopActor, pickupId: unknown, at = now()) {
  return db.transaction(
    (tx) => {
      const { pickup, slot, user } = stopRow(tx, toInteger(pickupId));
      const confirmationNumber = pickup.confirmationNumber;
      const last = lastEvent(tx, pickup.id);
      if (!last || last.action !== "mark" || last.status !== pickup.status || last.actorId !== actor.id) {
        throw new StopError("stops:errors.notYours", { confirmationNumber }, 403);
      }
      if (!canUndo(last.createdAt, at)) throw new StopError("stops:errors.undoClosed", { confirmationNumber });
      if (pickup.remedy) throw new StopError("stops:errors.remedyChosen", { confirmationNumber });
      tx.update(schema.pickupRequests)
        .set({ status: "Scheduled", missedReason: null, stopFinalAt: null, updatedAt: at })
        .where(eq(schema.pickupRequests.id, pickup.id))
        .run();
      clearDoorOutcome(tx, pickup.id);
      // Not due before the window ends, so never sent yet; if it ever were, a correction says so.
      const outboxId =
        last.outboxId === null || withdrawEmail(tx, last.outboxId)
          ? null
          : queueStopCorrection(tx, user, pickup, slot, "Scheduled", null);
      withdrawNotice(tx, pickup.id, last.createdAt);
      tx.insert(schema.stopEvents)
        .values({
          pickupId: pickup.id,
          action: "undo",
          status: "Scheduled",
          reason: null,
          ...who(actor),
          outboxId,
          createdAt: at,
        })
        .run();
      return { confirmationNumber, date: slot.date, pickupId: pickup.id };
    },
    { behavior: "immediate" },
  );
}

/** What an admin may set a marked stop to: back to Scheduled, Completed, or Missed with a reason. */
function readCorrection(
  status: unknown,
  reason: unknown,
): { status: "Scheduled" | "Completed" | "Missed"; reason: MissedReason | null } | null {
  if (status === "Scheduled" || status === "Completed") return { status, reason: null };
  if (status === "Missed" && isMissedReason(reason)) return { status, reason };
  return null;
}

/**
 * An admin's correction of a marked stop, at any time (until the resident chose a free rebook or a
 * refund): the pickup takes the new status and reason at once. The e-mail of the earlier change, if
 * it has not gone out, is withdrawn and the new one written; if it went out, a correction is written.
 */
export function correctStop(
  admin: StopActor,
  input: { pickupId: unknown; status: unknown; reason?: unknown },
  at = now(),
) {
  const next = readCorrection(input.status, input.reason);
  if (!next) {
    throw new StopError(
      input.status === "Missed" ? "stops:errors.reasonRequired" : "stops:errors.markInvalid",
      {},
      400,
    );
  }
  return db.transaction(
    (tx) => {
      const { pickup, slot, user } = stopRow(tx, toInteger(input.pickupId));
      const confirmationNumber = pickup.confirmationNumber;
      if (pickup.status !== "Completed" && pickup.status !== "Missed") {
        throw new StopError("stops:errors.notMarked", { confirmationNumber });
      }
      if (pickup.remedy) throw new StopError("stops:errors.remedyChosen", { confirmationNumber });
      if (pickup.status === next.status && (pickup.missedReason ?? null) === next.reason) {
        throw new StopError("stops:errors.unchanged", { confirmationNumber });
      }
      const previous = lastEvent(tx, pickup.id, true);
      const lastChange = lastEvent(tx, pickup.id);
      const updated = tx
        .update(schema.pickupRequests)
        .set({
          status: next.status,
          missedReason: next.reason,
          stopFinalAt: next.status === "Scheduled" ? null : at,
          updatedAt: at,
        })
        .where(and(eq(schema.pickupRequests.id, pickup.id), eq(schema.pickupRequests.status, pickup.status)))
        .run();
      if (updated.changes !== 1) throw new StopError("stops:errors.changed", { confirmationNumber });
      // What was found at the door went with the Completed mark (a correction records none).
      if (next.status !== "Completed") clearDoorOutcome(tx, pickup.id);
      const fresh = { ...pickup, status: next.status, missedReason: next.reason };
      let outboxId: number | null = null;
      const wentOut =
        previous?.outboxId != null && !withdrawEmail(tx, previous.outboxId) && emailExists(tx, previous.outboxId);
      if (wentOut) {
        outboxId = queueStopCorrection(tx, user, fresh, slot, next.status, next.reason);
      } else if (next.status !== "Scheduled") {
        outboxId = queueStopOutcome(tx, user, fresh, slot, { status: next.status, reason: next.reason }, at);
      }
      withdrawNotice(tx, pickup.id, lastChange?.createdAt ?? pickup.updatedAt);
      if (next.status !== "Scheduled")
        recordPickupNotice(tx, pickup, next.status === "Completed" ? "completed" : "missed", at);
      tx.insert(schema.stopEvents)
        .values({
          pickupId: pickup.id,
          action: "correct",
          status: next.status,
          reason: next.reason,
          ...who(admin),
          outboxId,
          createdAt: at,
        })
        .run();
      return { confirmationNumber, date: slot.date, status: next.status, pickupId: pickup.id };
    },
    { behavior: "immediate" },
  );
}

/** Whether an outbox row is still there (sent rows keep theirs; a withdrawn one is gone). */
function emailExists(tx: Tx, id: number) {
  return Boolean(
    tx.select({ id: schema.emailOutbox.id }).from(schema.emailOutbox).where(eq(schema.emailOutbox.id, id)).get(),
  );
}

/** The last mark of a stop, while its author may still undo it: for the driver's Undo button. */
export function undoableMarks(pickupIds: number[], actorId: number, at = now()): Map<number, number> {
  const open = new Map<number, number>();
  for (const id of pickupIds) {
    const last = lastEvent(db, id);
    if (last && last.action === "mark" && last.actorId === actorId && canUndo(last.createdAt, at)) {
      open.set(id, undoDeadline(last.createdAt));
    }
  }
  return open;
}
