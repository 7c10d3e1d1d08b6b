// Issue 42 part 2, "our fault costs the resident nothing": once the mark of a pickup we missed by our
// fault is final, the resident chooses, once, a free rebook of the same bags in an open window of the
// next 14 days (a new Scheduled pickup, nothing charged; refused twice and in a full slot) or a full
// refund through the payment provider (the simulated one here); an admin refunds in full from the
// pickup's admin view, and /admin/refunds lists these.
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { windowStart } from "~/lib/dates";
import { UNDO_WINDOW_MS } from "~/lib/stops";
import { markPickup } from "~/services/admin/day.server";
import { createAdmin } from "~/services/accounts/accounts.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { db, schema } from "~/services/platform/db.server";
import { missedRefunds } from "~/services/stops/history.server";
import { rebookFree, refundInFull, refundOwnPickup, remedyView } from "~/services/stops/remedies.server";
import { StopError } from "~/services/stops/stop-error.server";
import { CARD, resident, slot } from "./fixtures";

const admin = await createAdmin(`remedy-admin-${Date.now()}@recircle-admin.ca`, "sorting-day-1");
const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;

async function missed(reason = "our-fault-truck") {
  const user = await resident();
  const pickup = await payWithSimulatedCard(user, { bags: 4, slotId: slot({ daysAhead: 2 }).id }, CARD);
  const s = db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, pickup.pickupSlotId)).get()!;
  const at = windowStart(s.date, s.window) + 60 * 60 * 1000;
  await markPickup(admin, pickup.id, "Missed", at, reason);
  const final = at + UNDO_WINDOW_MS;
  setNow(final);
  return { user, pickup, at, final };
}

async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (error instanceof StopError || error instanceof BookingError) return error.key;
    throw error;
  }
  return null;
}

afterEach(() => setNow(null));

describe("a free rebook", () => {
  it("books the same bags in an open window of the next 14 days, free, once", async () => {
    const { user, pickup, at, final } = await missed();
    const target = slot({ daysAhead: 5 });
    // Not before the mark is final.
    expect(await refusal(() => rebookFree(user.id, pickup.confirmationNumber, String(target.id), at + 60_000))).toBe(
      "stops:errors.remedyClosed",
    );
    const view = remedyView(pickupRow(pickup.id), final);
    expect(view).toMatchObject({ ourFault: true, open: true, chosen: null, refundCents: pickup.totalCents });
    expect(view.slots.map((s) => s.id)).toContain(target.id);
    expect(view.slots.every((s) => s.date <= target.date || s.date <= view.slots.at(-1)!.date)).toBe(true);

    const rebooked = rebookFree(user.id, pickup.confirmationNumber, String(target.id), final);
    expect(rebooked).toMatchObject({
      status: "Scheduled",
      userId: user.id,
      pickupSlotId: target.id,
      bagsRequested: 4,
      totalCents: 0,
      paymentId: null,
      rebookOfId: pickup.id,
      address: pickup.address,
    });
    expect(pickupRow(pickup.id)).toMatchObject({ remedy: "rebook", status: "Missed" });
    const confirmation = db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, user.email))
      .all()
      .filter((m) => m.kind === "booking-confirmed" && m.subject.includes(rebooked.confirmationNumber));
    expect(confirmation).toHaveLength(1);
    // A double submit, another window, a refund after it: all refused; still one rebook, one place taken.
    expect(await refusal(() => rebookFree(user.id, pickup.confirmationNumber, String(target.id), final))).toBe(
      "stops:errors.remedyChosen",
    );
    expect(await refusal(() => refundOwnPickup(user.id, pickup.confirmationNumber, final))).toBe(
      "stops:errors.remedyChosen",
    );
    expect(
      db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.rebookOfId, pickup.id)).all(),
    ).toHaveLength(1);
    expect(db.select().from(schema.pickupSlots).where(eq(schema.pickupSlots.id, target.id)).get()!.currentBooked).toBe(
      1,
    );
    expect(remedyView(pickupRow(pickup.id), final)).toMatchObject({
      open: false,
      chosen: "rebook",
      rebookedAs: rebooked.confirmationNumber,
    });
  });

  it("is made under the missed pickup's contract: its terms and language, its confirmation in that language", async () => {
    const { user, pickup, final } = await missed();
    const contract = {
      termsVersion: "2026-11-27",
      termsAcceptedAt: final - 86_400_000,
      contractLanguage: "fr" as const,
    };
    db.update(schema.pickupRequests).set(contract).where(eq(schema.pickupRequests.id, pickup.id)).run();
    const rebooked = rebookFree(user.id, pickup.confirmationNumber, String(slot({ daysAhead: 5 }).id), final);
    expect(rebooked).toMatchObject(contract);
    const confirmation = db
      .select()
      .from(schema.emailOutbox)
      .where(eq(schema.emailOutbox.to, user.email))
      .all()
      .find((m) => m.kind === "booking-confirmed" && m.subject.includes(rebooked.confirmationNumber))!;
    // The account is in English; the contract in French.
    expect(confirmation.locale).toBe("fr");
    expect(confirmation.subject).toContain("Votre collecte est réservée");
  });

  it("is refused in a full slot, past 14 days, outside the area, for another resident, or when not our fault", async () => {
    const { user, pickup, final } = await missed();
    const full = slot({ daysAhead: 4, capacity: 1 });
    db.update(schema.pickupSlots).set({ currentBooked: 1 }).where(eq(schema.pickupSlots.id, full.id)).run();
    // A full window is not offered; posted anyway, it is refused.
    const offered = remedyView(pickupRow(pickup.id), final).slots.map((s) => s.id);
    expect(offered.length).toBeGreaterThan(0);
    expect(offered).not.toContain(full.id);
    expect(await refusal(() => rebookFree(user.id, pickup.confirmationNumber, String(full.id), final))).toBe(
      "errors.slotFull",
    );
    const far = slot({ daysAhead: 16 });
    expect(await refusal(() => rebookFree(user.id, pickup.confirmationNumber, String(far.id), final))).toBe(
      "errors.slotUnavailable",
    );
    const elsewhere = slot({ daysAhead: 6, serviceAreas: ["H1A"] });
    expect(await refusal(() => rebookFree(user.id, pickup.confirmationNumber, String(elsewhere.id), final))).toBe(
      "errors.addressMismatch",
    );
    const stranger = await resident();
    expect(
      await refusal(() => rebookFree(stranger.id, pickup.confirmationNumber, String(slot({ daysAhead: 5 }).id), final)),
    ).toBe("stops:errors.notFound");
    // Nothing was chosen by the refusals.
    expect(pickupRow(pickup.id).remedy).toBeNull();

    const theirs = await missed("bags-not-out");
    expect(
      await refusal(() =>
        rebookFree(theirs.user.id, theirs.pickup.confirmationNumber, String(slot({ daysAhead: 5 }).id), theirs.final),
      ),
    ).toBe("stops:errors.remedyClosed");
  });
});

describe("a full refund", () => {
  it("the resident's choice: the whole amount through the simulated provider, once", async () => {
    const { user, pickup, final } = await missed("our-fault-staff");
    const result = await refundOwnPickup(user.id, pickup.confirmationNumber, final);
    expect(result).toMatchObject({ amountCents: pickup.totalCents, status: "succeeded" });
    expect(pickupRow(pickup.id)).toMatchObject({
      remedy: "refund",
      refundCents: pickup.totalCents,
      refundStatus: "succeeded",
    });
    const payment = db.select().from(schema.payments).where(eq(schema.payments.id, pickup.paymentId!)).get()!;
    expect(payment).toMatchObject({ status: "refunded", refundedCents: pickup.totalCents });
    const intent = db
      .select()
      .from(schema.simulatedIntents)
      .where(eq(schema.simulatedIntents.id, payment.providerPaymentId))
      .get()!;
    expect(intent.refundedCents).toBe(pickup.totalCents);
    expect(await refusal(() => refundOwnPickup(user.id, pickup.confirmationNumber, final))).toBe(
      "stops:errors.remedyChosen",
    );
    expect(
      await refusal(() => rebookFree(user.id, pickup.confirmationNumber, String(slot({ daysAhead: 5 }).id), final)),
    ).toBe("stops:errors.remedyChosen");
    expect(remedyView(pickupRow(pickup.id), final)).toMatchObject({ chosen: "refund", refundStatus: "succeeded" });
    expect(missedRefunds().find((r) => r.pickupId === pickup.id)).toMatchObject({
      amountCents: pickup.totalCents,
      status: "succeeded",
      reason: "our-fault-staff",
    });
  });

  it("an admin's full refund from the pickup's admin view, whatever the reason", async () => {
    const { pickup, final } = await missed("bags-not-out");
    const result = await refundInFull(pickup.id, { byAdmin: true, at: final });
    expect(result).toMatchObject({ amountCents: pickup.totalCents, status: "succeeded" });
    expect(pickupRow(pickup.id)).toMatchObject({ remedy: "refund", refundStatus: "succeeded" });
    expect(await refusal(() => refundInFull(pickup.id, { byAdmin: true, at: final }))).toBe(
      "stops:errors.remedyChosen",
    );
  });
});
