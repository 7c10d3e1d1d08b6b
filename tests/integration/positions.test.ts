// Positions on a real SQLite file: saved with the profile (the address book's exact place, or the postal
// prefix's centre flagged approximate), copied to a pickup when it is booked, and backfilled for profiles
// and coming pickups that had none or only a prefix centre (the geocoder's exact places; with a stand-in
// geocoder in geocode-on-save.test.ts).
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ProfileSchema } from "~/lib/profile-schema";
import { updateProfile } from "~/services/accounts/profile.server";
import { payWithSimulatedCard } from "~/services/checkout/simulated-card.server";
import { backfillPositions } from "~/services/areas/backfill-positions.server";
import { db, schema } from "~/services/platform/db.server";
import { PREFIX_CENTROIDS } from "../../db/seed/prefix-centroids";
import { CARD, resident, slot } from "./fixtures";

const userRow = (id: number) => db.select().from(schema.users).where(eq(schema.users.id, id)).get()!;
const pickupRow = (id: number) =>
  db.select().from(schema.pickupRequests).where(eq(schema.pickupRequests.id, id)).get()!;
const profile = {
  firstName: "Marie",
  lastName: "Tremblay",
  unit: "",
  city: "Montréal",
  province: "QC" as const,
};

describe("positions", () => {
  it("a profile saved with an address the address book knows gets its exact position", async () => {
    const user = await resident();
    updateProfile(user.id, { ...profile, streetAddress: "1430 rue Saint-Denis", postalCode: "H2X 3J8" });
    expect(userRow(user.id)).toMatchObject({ latitude: 45.5146, longitude: -73.5637, positionApproximate: false });
  });

  it("an address without a match gets its postal prefix's centre, flagged approximate; the pickup keeps it", async () => {
    const user = await resident();
    // As the profile page and PUT /api/auth/profile save it: through the profile schema (phone to E.164).
    updateProfile(
      user.id,
      ProfileSchema.parse({
        ...profile,
        streetAddress: "77 Rue Imaginaire",
        postalCode: "h2x1a1",
        pickupNotes: "Behind the side gate",
        phone: "514 555-0123",
      }),
    );
    const [lat, lng] = PREFIX_CENTROIDS.H2X!;
    expect(userRow(user.id)).toMatchObject({
      latitude: lat,
      longitude: lng,
      positionApproximate: true,
      pickupNotes: "Behind the side gate",
      phone: "+15145550123",
    });
    const pickup = await payWithSimulatedCard(userRow(user.id), { bags: 1, slotId: slot().id }, CARD);
    expect(pickupRow(pickup.id)).toMatchObject({ latitude: lat, longitude: lng, positionApproximate: true });
  });

  it("profiles and pickups without a position are backfilled; exact places replace prefix centres", async () => {
    const known = await resident({ street: "1430 Rue Saint-Denis", postalCode: "H2X 3J8" });
    const unknown = await resident({ street: "9 Rue Nulle-Part", postalCode: "H4A 2B2" });
    const pickup = await payWithSimulatedCard(known, { bags: 2, slotId: slot().id }, CARD);
    // As before migration 0008's columns had values, or as the migration left them (a prefix centre).
    db.update(schema.users).set({ latitude: null, longitude: null }).where(eq(schema.users.id, known.id)).run();
    db.update(schema.users).set({ latitude: null, longitude: null }).where(eq(schema.users.id, unknown.id)).run();
    const [h2xLat, h2xLng] = PREFIX_CENTROIDS.H2X!;
    db.update(schema.pickupRequests)
      .set({ latitude: h2xLat, longitude: h2xLng, positionApproximate: true })
      .where(eq(schema.pickupRequests.id, pickup.id))
      .run();

    // The configured geocoder: here the embedded address book (GEOCODER unset).
    const written = await backfillPositions();
    expect(written.placed.profiles).toBeGreaterThanOrEqual(1);
    expect(written.placed.pickups).toBeGreaterThanOrEqual(1);
    expect(userRow(known.id)).toMatchObject({ latitude: 45.5146, longitude: -73.5637, positionApproximate: false });
    const [h4aLat, h4aLng] = PREFIX_CENTROIDS.H4A!;
    expect(userRow(unknown.id)).toMatchObject({ latitude: h4aLat, longitude: h4aLng, positionApproximate: true });
    expect(pickupRow(pickup.id)).toMatchObject({ latitude: 45.5146, longitude: -73.5637, positionApproximate: false });
  });

  it("the phone for the driver is kept as E.164 or refused; the notes at most 200 characters", () => {
    const base = { ...profile, streetAddress: "1 Rue A", postalCode: "H2X 1A1" };
    expect(ProfileSchema.parse({ ...base, phone: "+1 (438) 555-0199" }).phone).toBe("+14385550199");
    expect(ProfileSchema.parse({ ...base, phone: "" }).phone).toBeNull();
    expect(ProfileSchema.safeParse({ ...base, phone: "12" }).error?.issues[0]?.message).toBe(
      "profile:errors.phoneInvalid",
    );
    expect(ProfileSchema.safeParse({ ...base, pickupNotes: "x".repeat(201) }).error?.issues[0]?.message).toBe(
      "profile:errors.notesTooLong",
    );
    expect(ProfileSchema.parse({ ...base, pickupNotes: "x".repeat(200) }).pickupNotes).toHaveLength(200);
  });

  it("every Montreal prefix the service can open has a centre", async () => {
    const { MONTREAL_PREFIXES } = await import("../../db/seed/prefixes");
    expect(MONTREAL_PREFIXES.filter((fsa) => !PREFIX_CENTROIDS[fsa])).toEqual([]);
  });
});
