// The caches of what everyone reads alike (platform/shared-reads: the slot calendar, the served prefixes,
// the materials) against a real database: each listing is read once first (so it is cached), then
// something is written, and the very next read must show it. Any of these fails when a write does not
// invalidate the cache.
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAdmin } from "~/services/accounts/accounts.server";
import { openPrefix, deactivatePrefix } from "~/services/admin/areas.server";
import { setSlotCapacity } from "~/services/admin/supply.server";
import { checkServiceArea } from "~/services/areas/service-areas.server";
import { takePlace } from "~/services/booking/book.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { bookingPage, checkBookingChoice, normalizeSelection } from "~/services/booking/choice.server";
import { offeredSlots } from "~/services/booking/slots.server";
import { listMaterials } from "~/services/catalogue/materials.server";
import { cancelPickup } from "~/services/pickups/changes.server";
import { env } from "~/services/platform/config.server";
import { db, schema } from "~/services/platform/db.server";
import type { User } from "../../db/schema";
import { CARD, ensureSeeded, resident, slot } from "./fixtures";

/** The slot as the booking listing (/api/pickup-slots) shows it to a prefix, or undefined when not offered. */
const listed = (slotId: number, fsa = "H2X") => offeredSlots(fsa).find((s) => s.id === slotId);

/** The window of the slot as /booking shows it to this resident (its room), or undefined when not offered. */
function bookingWindow(user: User, slotId: number) {
  const page = bookingPage(user, "en", new URLSearchParams());
  return page.weeks.flatMap((w) => w.dates.flatMap((d) => d.windows)).find((w) => w.slotId === slotId);
}

let admin: User;
beforeAll(async () => {
  ensureSeeded();
  admin = await createAdmin(`ops-${Date.now()}@recircle-admin.ca`, "ops-admin-pass-12");
});

describe("the slot calendar shows every write on the next request", () => {
  it("a booking takes a place in the listing and on /booking", async () => {
    const user = await resident();
    const s = slot({ capacity: 3 });
    expect(listed(s.id)).toMatchObject({ currentBooked: 0, maxCapacity: 3 });
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(3);

    await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD);

    expect(listed(s.id)).toMatchObject({ currentBooked: 1, maxCapacity: 3 });
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(2);
  });

  it("a cancellation gives the place back", async () => {
    const user = await resident();
    const s = slot({ capacity: 2 });
    const pickup = await payWithSimulatedCard(user, { bags: 1, slotId: s.id }, CARD);
    expect(listed(s.id)?.currentBooked).toBe(1);
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(1);

    await cancelPickup(user, pickup.id);

    expect(listed(s.id)?.currentBooked).toBe(0);
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(2);
  });

  it("an admin's capacity change", async () => {
    const user = await resident();
    const s = slot({ capacity: 4 });
    expect(listed(s.id)?.maxCapacity).toBe(4);
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(4);

    setSlotCapacity(admin, s.id, "9");

    expect(listed(s.id)?.maxCapacity).toBe(9);
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(9);

    setSlotCapacity(admin, s.id, "0");
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(0);
  });

  it("a prefix opened is served and offered slots at once; closed, it is not", async () => {
    const fsa = "H7Y";
    const user = await resident({ postalCode: `${fsa} 1A1` });
    const s = slot({ capacity: 5 });
    expect(checkServiceArea(fsa)).toEqual({ available: false, fsa });
    expect(listed(s.id, fsa)).toBeUndefined();
    expect(bookingWindow(user, s.id)).toBeUndefined();

    await openPrefix(admin, fsa, { notify: false });

    expect(checkServiceArea(fsa.toLowerCase())).toEqual({ available: true, fsa });
    expect(listed(s.id, fsa)?.serviceAreas).toContain(fsa);
    expect(bookingWindow(user, s.id)?.spotsLeft).toBe(5);

    deactivatePrefix(admin, fsa);

    expect(checkServiceArea(fsa)).toEqual({ available: false, fsa });
    expect(listed(s.id, fsa)).toBeUndefined();
  });
});

describe("a slot filled by another resident is never offered as free", () => {
  it("the listing right after another resident takes the last place shows it full", async () => {
    const first = await resident();
    const second = await resident();
    const s = slot({ capacity: 1 });
    const date = listed(s.id)!.date;
    // The second resident has the page open with the last place free.
    expect(bookingWindow(second, s.id)?.spotsLeft).toBe(1);
    expect(listed(s.id)?.currentBooked).toBe(0);

    await payWithSimulatedCard(first, { bags: 1, slotId: s.id }, CARD);

    // Their next request (a reload, the JavaScript-off Update, the API) shows the place taken ...
    expect(bookingWindow(second, s.id)?.spotsLeft).toBe(0);
    expect(listed(s.id)).toMatchObject({ currentBooked: 1, maxCapacity: 1 });
    const page = bookingPage(second, "en", new URLSearchParams({ date, slotId: String(s.id) }));
    expect(page.selection.slotId).toBeNull();
    const weeks = bookingPage(second, "en", new URLSearchParams()).weeks;
    expect(normalizeSelection(weeks, { bags: "1", date, slotId: String(s.id) }).slotId).toBeNull();
    // ... its Continue is refused, and the booking itself checks the row in its transaction.
    expect(checkBookingChoice(second, { bags: "1", date, slotId: String(s.id) })).toMatchObject({
      ok: false,
      error: "errors.slotFull",
    });
    await expect(payWithSimulatedCard(second, { bags: 1, slotId: s.id }, CARD)).rejects.toMatchObject({
      key: "errors.slotFull",
    });
  });
});

describe("what the cache may not keep", () => {
  it("a write rolled back is never shown, even when the listing was read inside its transaction", () => {
    const s = slot({ capacity: 2 });
    expect(listed(s.id)?.currentBooked).toBe(0);
    expect(() =>
      db.transaction((tx) => {
        takePlace(tx, s.id);
        expect(listed(s.id)?.currentBooked).toBe(1);
        throw new Error("rolled back");
      }),
    ).toThrow("rolled back");
    expect(listed(s.id)?.currentBooked).toBe(0);
  });

  describe("a write by another process on the same file (a second server, a seed, an operator)", () => {
    let other: Database.Database;
    beforeAll(() => {
      other = new Database(env.DATABASE_PATH);
    });
    afterAll(() => other.close());

    it("shows a slot's new capacity", () => {
      const s = slot({ capacity: 3 });
      expect(listed(s.id)?.maxCapacity).toBe(3);
      other.prepare("UPDATE pickup_slots SET max_capacity = 6 WHERE id = ?").run(s.id);
      expect(listed(s.id)?.maxCapacity).toBe(6);
    });

    it("shows a material's new text", () => {
      const [first] = listMaterials("en");
      expect(first).toBeDefined();
      const renamed = `${first!.name} (updated ${Date.now()})`;
      other.prepare("UPDATE materials SET name_en = ? WHERE id = ?").run(renamed, first!.id);
      expect(listMaterials("en")[0]?.name).toBe(renamed);
      other.prepare("UPDATE materials SET name_en = ? WHERE id = ?").run(first!.name, first!.id);
      expect(listMaterials("en")[0]?.name).toBe(first!.name);
    });
  });

  it("a material written by this process", () => {
    const [first] = listMaterials("fr");
    const renamed = `${first!.name} (modifié)`;
    db.update(schema.materials).set({ nameFr: renamed }).where(eq(schema.materials.id, first!.id)).run();
    expect(listMaterials("fr")[0]?.name).toBe(renamed);
    db.update(schema.materials).set({ nameFr: first!.name }).where(eq(schema.materials.id, first!.id)).run();
    expect(listMaterials("fr")[0]?.name).toBe(first!.name);
  });
});
