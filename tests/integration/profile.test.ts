// Saving a profile (shared by /profile and PUT /api/auth/profile) and the booking step after it:
// on to checkout, or back to /booking when the chosen slot does not serve the new postal prefix.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { ProfileSchema } from "~/lib/profile-schema";
import { registerUser } from "~/services/accounts/accounts.server";
import { db, schema } from "~/services/platform/db.server";
import { updateProfile } from "~/services/accounts/profile.server";
import { AddressNotServedError, saveProfile } from "~/services/http/profile-save.server";
import { nextBookingStep, readBookingContext, slotServesPrefix } from "~/services/http/booking-steps.server";
import { seed } from "~/services/ops/seed.server";
import { offeredSlots } from "~/services/booking/slots.server";

const AT = Date.UTC(2026, 10, 23, 15, 0, 0);
const valid = {
  firstName: " Marie ",
  lastName: "Tremblay",
  streetAddress: "4350 Rue Saint-Denis",
  unit: "3",
  city: "Montréal",
  province: "QC",
  postalCode: "h2j2l1",
};

function issues(input: Record<string, unknown>) {
  const result = ProfileSchema.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
}

let slotId = 0;
beforeAll(() => {
  setNow(AT);
  seed(AT);
  slotId = offeredSlots("H2J", AT)[0]!.id;
});

describe("the profile schema", () => {
  it("trims, upper-cases and normalises the postal code, and defaults the province to QC", () => {
    const parsed = ProfileSchema.parse({ ...valid, province: undefined });
    // Notes and phone for the driver are optional: left out, none.
    expect(parsed).toEqual({
      ...valid,
      firstName: "Marie",
      postalCode: "H2J 2L1",
      province: "QC",
      pickupNotes: "",
      phone: null,
      suggestedPostalCode: null,
      positionToken: null,
    });
    expect(ProfileSchema.parse({ ...valid, postalCode: "H2J-2L1" }).postalCode).toBe("H2J 2L1");
    expect(ProfileSchema.parse({ ...valid, postalCode: " h2j 2l1 " }).postalCode).toBe("H2J 2L1");
    expect(ProfileSchema.parse({ ...valid, unit: null }).unit).toBe("");
    expect(ProfileSchema.parse({ ...valid, unit: undefined }).unit).toBe("");
    expect(ProfileSchema.parse({ ...valid, province: "Ontario" }).province).toBe("ON");
    expect(ProfileSchema.parse({ ...valid, province: "qc" }).province).toBe("QC");
  });

  it("answers each rule of spec section 5 with its message key", () => {
    expect(issues({ ...valid, firstName: "" })).toEqual(["firstName: profile:errors.nameRequired"]);
    expect(issues({ ...valid, lastName: "   " })).toEqual(["lastName: profile:errors.nameRequired"]);
    expect(issues({ ...valid, streetAddress: undefined })).toEqual(["streetAddress: profile:errors.streetRequired"]);
    expect(issues({ ...valid, city: "" })).toEqual(["city: profile:errors.cityRequired"]);
    expect(issues({ ...valid, postalCode: "" })).toEqual(["postalCode: profile:errors.postalRequired"]);
    expect(issues({ ...valid, postalCode: undefined })).toEqual(["postalCode: profile:errors.postalRequired"]);
    for (const bad of ["H2J", "12345", "H2J 2L", "HHH 2L1", "H2J  2L1", "H2J 2L1X"]) {
      expect(issues({ ...valid, postalCode: bad }), bad).toEqual(["postalCode: profile:errors.postalInvalid"]);
    }
    expect(issues({ ...valid, province: "NY" })).toEqual(["province: profile:errors.provinceInvalid"]);
    expect(issues({ ...valid, unit: "x".repeat(21) })).toEqual(["unit: profile:errors.tooLong"]);
    expect(issues({ ...valid, firstName: 42 })).toEqual(["firstName: profile:errors.nameRequired"]);
  });
});

describe("saving a profile", () => {
  it("stores every field and the postal prefix in one update", async () => {
    const user = await registerUser({
      email: "profile-save@recircle-mail.ca",
      password: "recycle-42",
      postalFsa: "H2X",
      locale: "en",
    });
    const saved = updateProfile(user.id, ProfileSchema.parse(valid));
    expect(saved).toMatchObject({
      ...valid,
      firstName: "Marie",
      postalCode: "H2J 2L1",
      postalFsa: "H2J",
      email: user.email,
    });
    const row = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!;
    expect(row.postalFsa).toBe("H2J");
    expect(row.postalCode).toBe("H2J 2L1");
  });

  it("refuses a user that does not exist", () => {
    expect(() => updateProfile(999_999, ProfileSchema.parse(valid))).toThrow();
  });
});

describe("an address outside the service area (issue 33)", () => {
  it("is never saved as a pickup address: the page and the API refuse it, naming its prefix", async () => {
    const user = await registerUser({
      email: "profile-unserved@recircle-mail.ca",
      password: "recycle-42",
      postalFsa: "H2X",
      locale: "en",
    });
    await saveProfile(user.id, ProfileSchema.parse(valid));
    const laval = ProfileSchema.parse({
      ...valid,
      streetAddress: "1 Boulevard des Laurentides",
      postalCode: "H7N 1A1",
    });
    await expect(saveProfile(user.id, laval)).rejects.toThrow(AddressNotServedError);
    await expect(saveProfile(user.id, laval)).rejects.toMatchObject({
      fsa: "H7N",
      key: "profile:errors.postalNotServed",
    });
    const row = db.select().from(schema.users).where(eq(schema.users.id, user.id)).get()!;
    expect(row).toMatchObject({ postalCode: "H2J 2L1", postalFsa: "H2J", streetAddress: "4350 Rue Saint-Denis" });
  });

  it("refuses a postal code typed over the one of the suggestion picked, in any spelling", () => {
    const picked = { ...valid, streetAddress: "3450 Rue Saint-Denis", postalCode: "H2X 3L3" };
    expect(issues({ ...picked, suggestedPostalCode: "H2X 3L3" })).toEqual([]);
    expect(issues({ ...picked, postalCode: "h2x3l3", suggestedPostalCode: "H2X 3L3" })).toEqual([]);
    expect(issues({ ...picked, postalCode: "H7N 1A1", suggestedPostalCode: "H2X 3L3" })).toEqual([
      "postalCode: profile:errors.postalNotSuggested",
    ]);
    expect(issues({ ...picked, postalCode: "H2X 3L4", suggestedPostalCode: "h2x3l3" })).toEqual([
      "postalCode: profile:errors.postalNotSuggested",
    ]);
    // A typed address (no suggestion picked) has no suggestion to match.
    expect(issues({ ...picked, suggestedPostalCode: "" })).toEqual([]);
    expect(issues({ ...picked, suggestedPostalCode: null })).toEqual([]);
  });
});

describe("the booking around the profile", () => {
  it("reads bags (or bagCount) and slotId, and refuses incomplete or unknown ones", () => {
    const read = (query: string) => readBookingContext(new URLSearchParams(query));
    expect(read("")).toEqual({ kind: "none" });
    expect(read("modify=true&price=10")).toEqual({ kind: "none" });
    expect(read(`bags=2&slotId=${slotId}&price=1`)).toMatchObject({ kind: "booking", bags: 2, slotId });
    expect(read(`bagCount=4&slotId=${slotId}`)).toMatchObject({
      kind: "booking",
      bags: 4,
      slotId,
      slot: { id: slotId },
    });
    for (const query of [
      `bags=3&slotId=${slotId}`,
      "bags=1",
      `slotId=${slotId}`,
      "bags=1&slotId=abc",
      "bags=1&slotId=-4",
      "bags=1&slotId=999999",
      "bags=1&slotId=1.5",
    ]) {
      expect(read(query), query).toEqual({ kind: "invalid" });
    }
  });

  it("knows which prefixes a slot serves", () => {
    expect(slotServesPrefix(slotId, "H2J")).toBe(true);
    expect(slotServesPrefix(slotId, "h2x")).toBe(true);
    expect(slotServesPrefix(slotId, "K1A")).toBe(false);
    expect(slotServesPrefix(slotId, "H7N")).toBe(false);
    expect(slotServesPrefix(999_999, "H2J")).toBe(false);
    // A slot limited to its own prefixes serves only those.
    db.update(schema.pickupSlots)
      .set({ serviceAreas: JSON.stringify(["H2X"]) })
      .where(eq(schema.pickupSlots.id, slotId))
      .run();
    try {
      expect(slotServesPrefix(slotId, "H2X")).toBe(true);
      expect(slotServesPrefix(slotId, "H2J")).toBe(false);
      expect(nextBookingStep({ bags: 2, slotId }, "H2J 2L1")).toEqual({
        step: "addressMismatch",
        url: "/booking?addressMismatch=true&bags=2",
        fsa: "H2J",
      });
    } finally {
      db.update(schema.pickupSlots).set({ serviceAreas: "[]" }).where(eq(schema.pickupSlots.id, slotId)).run();
    }
  });

  it("goes on to checkout when the slot serves the new prefix, back to booking when not", () => {
    expect(nextBookingStep({ bags: 4, slotId }, "H2J 2L1")).toEqual({
      step: "checkout",
      url: `/checkout?bags=4&slotId=${slotId}`,
    });
    expect(nextBookingStep({ bags: 1, slotId }, "K1A 0B1")).toEqual({
      step: "addressMismatch",
      url: "/booking?addressMismatch=true&bags=1",
      fsa: "K1A",
    });
  });
});
