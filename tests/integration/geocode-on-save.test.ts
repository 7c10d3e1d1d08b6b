// Real positions (issue 42) on a real SQLite file, with a stand-in geocoder: an address typed without a
// suggestion is geocoded when the profile is saved (its coordinates kept, not approximate); a failing,
// silent or unrelated answer gives the postal prefix's centre, flagged approximate; a suggestion picked
// from the look-up keeps its own coordinates through its signed token (never posted coordinates, never a
// forged or borrowed token); the booked pickup and the driver's route use the position; and
// `npm run backfill-positions` re-geocodes what is approximate (profiles and coming pickups).
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { AddressSuggestion } from "~/lib/address-selection";
import { ProfileSchema } from "~/lib/profile-schema";
import { daySheet } from "~/services/admin/day.server";
import { backfillPositions, partsOfLine } from "~/services/areas/backfill-positions.server";
import { signedSuggestions } from "~/services/areas/geocoder/geocoder.server";
import type { GeocoderProvider } from "~/services/areas/geocoder/geocoder-types";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { saveProfile } from "~/services/http/profile-save.server";
import { db, schema } from "~/services/platform/db.server";
import { PREFIX_CENTROIDS } from "../../db/seed/prefix-centroids";
import { CARD, resident, slot } from "./fixtures";

const userRow = (id: number) => db.select().from(schema.users).where(eq(schema.users.id, id)).get()!;
const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;

/** A stand-in geocoder: answers what `answer` says for each query, and keeps the queries. */
function standIn(answer: (query: string) => AddressSuggestion[] | Promise<AddressSuggestion[]>) {
  const asked: string[] = [];
  const provider: GeocoderProvider = {
    name: "photon",
    async search(query) {
      asked.push(query);
      return answer(query);
    },
  };
  return { provider, asked };
}

/** What a geocoder answers for a Montreal street address. */
function place(streetAddress: string, postalCode: string, lat: number, lng: number): AddressSuggestion {
  return {
    streetAddress,
    city: "Montréal",
    province: "QC",
    postalCode,
    formatted_address: `${streetAddress}, Montréal, QC ${postalCode}, Canada`,
    lat,
    lng,
  };
}

const typed = (streetAddress: string, postalCode: string, extra: Record<string, unknown> = {}) =>
  ProfileSchema.parse({
    firstName: "Marie",
    lastName: "Tremblay",
    streetAddress,
    unit: "",
    city: "Montréal",
    province: "QC",
    postalCode,
    ...extra,
  });

let warn: ReturnType<typeof vi.spyOn>;
beforeAll(() => {
  warn = vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterAll(() => warn.mockRestore());

describe("geocoding an address when the profile is saved", () => {
  it("an address typed without a suggestion is asked of the geocoder and keeps its coordinates", async () => {
    const user = await resident();
    const geocoder = standIn(() => [
      // A nearby street with the same number is not this address; the right one comes second.
      place("4510 Avenue Papineau", "H2H 1V2", 45.53, -73.57),
      place("4510 Rue de Lanaudière", "H2J 3P1", 45.5321, -73.5789),
    ]);
    await saveProfile(user.id, typed("4510 rue De Lanaudiere", "H2J 3P1"), {
      geocoding: { provider: geocoder.provider },
    });
    expect(geocoder.asked).toEqual(["4510 rue De Lanaudiere, Montréal, QC H2J 3P1"]);
    expect(userRow(user.id)).toMatchObject({ latitude: 45.5321, longitude: -73.5789, positionApproximate: false });

    // The pickup booked next keeps it, and the driver's route is ordered on it, without "approximate".
    const booked = slot();
    const pickup = await payWithSimulatedCard(userRow(user.id), { bags: 1, slotId: booked.id }, CARD);
    expect(pickupRow(pickup.id)).toMatchObject({ latitude: 45.5321, longitude: -73.5789, positionApproximate: false });
    const stop = daySheet(booked.date)
      .windows.flatMap((w) => w.pickups)
      .find((p) => p.id === pickup.id)!;
    expect(stop).toMatchObject({ latitude: 45.5321, longitude: -73.5789, approximate: false });
  });

  it("with the default (embedded) geocoder a known address is placed exactly, whatever its spelling", async () => {
    const user = await resident();
    await saveProfile(user.id, typed("1430 rue St-Denis", "H2X 3J8"));
    expect(userRow(user.id)).toMatchObject({ latitude: 45.5146, longitude: -73.5637, positionApproximate: false });
  });

  it("a failing geocoder gives the postal prefix's centre, flagged approximate; the save still succeeds", async () => {
    const user = await resident();
    const geocoder = standIn(() => {
      throw new Error("Photon answered 503");
    });
    const saved = await saveProfile(user.id, typed("77 Rue Imaginaire", "H2X 1A1"), {
      geocoding: { provider: geocoder.provider },
    });
    const [lat, lng] = PREFIX_CENTROIDS.H2X!;
    expect(saved.streetAddress).toBe("77 Rue Imaginaire");
    expect(userRow(user.id)).toMatchObject({ latitude: lat, longitude: lng, positionApproximate: true });
  });

  it("a geocoder that does not answer in time gives the prefix centre, within the time limit", async () => {
    const user = await resident();
    const geocoder = standIn(() => new Promise<AddressSuggestion[]>(() => {}));
    const started = Date.now();
    await saveProfile(user.id, typed("12 Rue Silencieuse", "H2J 1A1"), {
      geocoding: { provider: geocoder.provider, timeoutMs: 100 },
    });
    expect(Date.now() - started).toBeLessThan(2000);
    const [lat, lng] = PREFIX_CENTROIDS.H2J!;
    expect(userRow(user.id)).toMatchObject({ latitude: lat, longitude: lng, positionApproximate: true });
  });

  it("an answer that is not this address (another number, another area) is not taken for it", async () => {
    const user = await resident();
    const geocoder = standIn(() => [
      place("4512 Rue de Lanaudière", "H2J 3P1", 45.5322, -73.579),
      place("4510 Rue de Lanaudière", "H4A 1A1", 45.47, -73.61),
    ]);
    await saveProfile(user.id, typed("4510 Rue de Lanaudière", "H2J 3P1"), {
      geocoding: { provider: geocoder.provider },
    });
    const [lat, lng] = PREFIX_CENTROIDS.H2J!;
    expect(userRow(user.id)).toMatchObject({ latitude: lat, longitude: lng, positionApproximate: true });
  });

  it("saving the same address again keeps its position without asking the geocoder", async () => {
    const user = await resident();
    const first = standIn(() => [place("4510 Rue de Lanaudière", "H2J 3P1", 45.5321, -73.5789)]);
    await saveProfile(user.id, typed("4510 Rue de Lanaudière", "H2J 3P1"), { geocoding: { provider: first.provider } });
    const again = standIn(() => {
      throw new Error("must not be asked");
    });
    await saveProfile(user.id, typed("4510 Rue de Lanaudière", "H2J 3P1", { phone: "514 555-0142" }), {
      geocoding: { provider: again.provider },
    });
    expect(again.asked).toEqual([]);
    expect(userRow(user.id)).toMatchObject({ latitude: 45.5321, longitude: -73.5789, positionApproximate: false });
  });
});

describe("a suggestion picked from the look-up", () => {
  const lookUp = standIn(() => [place("5120 Rue Fabre", "H2J 3W5", 45.5337, -73.5811)]);
  const down = standIn(() => {
    throw new Error("the geocoder is down at save time");
  });

  it("keeps its coordinates through its signed token, without a second look-up", async () => {
    const user = await resident();
    const [picked] = await signedSuggestions("5120 fabre", "fr", lookUp.provider);
    expect(picked?.positionToken).toMatch(/^[\w-]+\.[\w-]+$/);
    // As the form posts it: the fields the pick filled, its postal code and its token.
    await saveProfile(
      user.id,
      typed(picked!.streetAddress, picked!.postalCode, {
        suggestedPostalCode: picked!.postalCode,
        positionToken: picked!.positionToken,
      }),
      { geocoding: { provider: down.provider } },
    );
    expect(down.asked).toEqual([]);
    expect(userRow(user.id)).toMatchObject({ latitude: 45.5337, longitude: -73.5811, positionApproximate: false });
  });

  it("a token changed by hand, or one of another address, is not believed: the address is geocoded", async () => {
    const user = await resident();
    const [picked] = await signedSuggestions("5120 fabre", "fr", lookUp.provider);
    const [payload, signature] = picked!.positionToken!.split(".");
    const moved = JSON.parse(Buffer.from(payload!, "base64url").toString("utf8")) as unknown[];
    moved[4] = 45.6;
    const forged = `${Buffer.from(JSON.stringify(moved)).toString("base64url")}.${signature}`;
    const geocoder = standIn(() => [place("5120 Rue Fabre", "H2J 3W5", 45.5338, -73.5812)]);
    await saveProfile(user.id, typed("5120 Rue Fabre", "H2J 3W5", { positionToken: forged }), {
      geocoding: { provider: geocoder.provider },
    });
    expect(geocoder.asked).toHaveLength(1);
    expect(userRow(user.id)).toMatchObject({ latitude: 45.5338, longitude: -73.5812, positionApproximate: false });

    // The genuine token, sent with another address typed over the street: not this address's position.
    const other = await resident();
    await saveProfile(other.id, typed("12 Rue Silencieuse", "H2J 3W5", { positionToken: picked!.positionToken }), {
      geocoding: { provider: down.provider },
    });
    const [lat, lng] = PREFIX_CENTROIDS.H2J!;
    expect(userRow(other.id)).toMatchObject({ latitude: lat, longitude: lng, positionApproximate: true });
  });
});

describe("npm run backfill-positions", () => {
  it("re-geocodes approximate profiles and coming pickups; what it still cannot place stays approximate", async () => {
    const down = standIn(() => {
      throw new Error("down");
    });
    const found = await resident();
    await saveProfile(found.id, typed("6000 Rue Saint-Hubert", "H2S 2L8"), { geocoding: { provider: down.provider } });
    const lost = await resident();
    await saveProfile(lost.id, typed("3 Rue Introuvable", "H2S 1A1"), { geocoding: { provider: down.provider } });
    const coming = await payWithSimulatedCard(userRow(found.id), { bags: 2, slotId: slot().id }, CARD);
    expect(userRow(found.id).positionApproximate).toBe(true);
    expect(pickupRow(coming.id).positionApproximate).toBe(true);
    // A pickup whose day is past is left as it was: its route was driven.
    const past = slot({ daysAhead: -30 });
    const driven = await payWithSimulatedCard(userRow(lost.id), { bags: 1, slotId: slot().id }, CARD);
    db.update(schema.pickupRequests)
      .set({ pickupSlotId: past.id, address: "6000 Rue Saint-Hubert, Montréal, QC H2S 2L8" })
      .where(eq(schema.pickupRequests.id, driven.id))
      .run();
    const drivenBefore = pickupRow(driven.id);

    const geocoder = standIn((query) =>
      query.startsWith("6000 Rue Saint-Hubert") ? [place("6000 Rue Saint-Hubert", "H2S 2L8", 45.5362, -73.6012)] : [],
    );
    const result = await backfillPositions({ provider: geocoder.provider, delayMs: 0 });
    expect(result.placed.profiles).toBeGreaterThanOrEqual(1);
    expect(result.placed.pickups).toBeGreaterThanOrEqual(1);
    expect(userRow(found.id)).toMatchObject({ latitude: 45.5362, longitude: -73.6012, positionApproximate: false });
    expect(pickupRow(coming.id)).toMatchObject({ latitude: 45.5362, longitude: -73.6012, positionApproximate: false });
    const [lat, lng] = PREFIX_CENTROIDS.H2S!;
    expect(userRow(lost.id)).toMatchObject({ latitude: lat, longitude: lng, positionApproximate: true });
    expect(pickupRow(driven.id)).toMatchObject({
      latitude: drivenBefore.latitude,
      longitude: drivenBefore.longitude,
      positionApproximate: drivenBefore.positionApproximate,
    });
    // The profile and its coming pickup are one address: asked once.
    expect(geocoder.asked.filter((q) => q.startsWith("6000 Rue Saint-Hubert"))).toHaveLength(1);

    // Run again: nothing exact is asked or touched again.
    const second = standIn(() => []);
    await backfillPositions({ provider: second.provider, delayMs: 0 });
    expect(second.asked.some((q) => q.startsWith("6000 Rue Saint-Hubert"))).toBe(false);
    expect(userRow(found.id)).toMatchObject({ latitude: 45.5362, positionApproximate: false });
  });

  it("reads a pickup's address line, unit or not", () => {
    expect(partsOfLine("1430 Rue Saint-Denis, Unit 4, Montréal, QC H2X 3J8")).toEqual({
      streetAddress: "1430 Rue Saint-Denis",
      city: "Montréal",
      province: "QC",
      postalCode: "H2X 3J8",
    });
    expect(partsOfLine("5 Rue D'Iberville, Montréal, QC H2K 3B6")?.city).toBe("Montréal");
    expect(partsOfLine("no postal code here")).toBeNull();
  });
});
