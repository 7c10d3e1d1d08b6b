// The visitor's service-area check and waitlist against a real SQLite file.
import { and, eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { setNow } from "~/lib/clock";
import { WaitlistApiSchema, WaitlistFormSchema } from "~/lib/visitor-schemas";
import { db, schema } from "~/services/platform/db.server";
import { seed } from "~/services/ops/seed.server";
import { checkServiceArea, InvalidPostalPrefixError, isServedPrefix } from "~/services/areas/service-areas.server";
import { joinWaitlist, toPublicWaitlistEntry } from "~/services/areas/waitlist.server";

beforeAll(() => {
  seed();
});
afterEach(() => setNow(null));

let n = 0;
const email = () => `waiting${++n}-${Date.now()}@videotron.ca`;

function entriesFor(address: string) {
  return db.select().from(schema.waitlistEntries).where(eq(schema.waitlistEntries.email, address)).all();
}

describe("service-area check", () => {
  it("serves the seeded Montreal prefixes, in any case", () => {
    expect(checkServiceArea("H2X")).toEqual({ available: true, fsa: "H2X" });
    expect(checkServiceArea(" h2x ")).toEqual({ available: true, fsa: "H2X" });
    expect(checkServiceArea("h4a")).toEqual({ available: true, fsa: "H4A" });
  });

  it("answers not available for Canadian prefixes outside the table", () => {
    expect(checkServiceArea("K1A")).toEqual({ available: false, fsa: "K1A" });
    expect(checkServiceArea("H7N")).toEqual({ available: false, fsa: "H7N" });
    expect(checkServiceArea("V5K")).toEqual({ available: false, fsa: "V5K" });
  });

  it("refuses anything that is not a Canadian prefix", () => {
    for (const bad of ["D1A", "12A", "H2", "H2XX", "", "W1A", "ZZZ", "H2D", "HHH", null, 42]) {
      expect(() => checkServiceArea(bad), String(bad)).toThrow(InvalidPostalPrefixError);
    }
  });

  it("stops serving a prefix marked inactive", () => {
    db.update(schema.servicePrefixes).set({ active: false }).where(eq(schema.servicePrefixes.fsa, "H9X")).run();
    try {
      expect(isServedPrefix("H9X")).toBe(false);
      expect(checkServiceArea("H9X").available).toBe(false);
    } finally {
      db.update(schema.servicePrefixes).set({ active: true }).where(eq(schema.servicePrefixes.fsa, "H9X")).run();
    }
    expect(checkServiceArea("H9X").available).toBe(true);
  });
});

describe("waitlist", () => {
  it("stores the entry with prefix, reason and language", () => {
    const address = email();
    setNow(Date.UTC(2030, 0, 10, 15));
    const { entry, created } = joinWaitlist({
      name: "Marie Tremblay",
      email: address.toUpperCase(),
      fsa: "k1a",
      reason: "Outside Service Area",
      locale: "fr",
    });
    expect(created).toBe(true);
    expect(entry).toMatchObject({
      name: "Marie Tremblay",
      email: address,
      fsa: "K1A",
      reason: "Outside Service Area",
      locale: "fr",
      createdAt: Date.UTC(2030, 0, 10, 15),
      updatedAt: Date.UTC(2030, 0, 10, 15),
    });
    expect(toPublicWaitlistEntry(entry)).toMatchObject({
      email: address,
      name: "Marie Tremblay",
      postal_code: "K1A",
      building_access: "Outside Service Area",
    });
    expect(entriesFor(address)).toHaveLength(1);
  });

  it("updates name, reason and updatedAt when the same e-mail joins again for the same prefix", () => {
    const address = email();
    setNow(Date.UTC(2030, 0, 10, 15));
    const first = joinWaitlist({ name: "Sam", email: address, fsa: "H2X", reason: "No Direct Access", locale: "en" });
    setNow(Date.UTC(2030, 0, 12, 9));
    const again = joinWaitlist({
      name: "Samuel",
      email: address,
      fsa: "H2X",
      reason: "Outside Service Area",
      locale: "en",
    });
    expect(again.created).toBe(false);
    expect(again.entry.id).toBe(first.entry.id);
    expect(again.entry).toMatchObject({
      name: "Samuel",
      reason: "Outside Service Area",
      createdAt: Date.UTC(2030, 0, 10, 15),
      updatedAt: Date.UTC(2030, 0, 12, 9),
    });
    const rows = entriesFor(address);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.name).toBe("Samuel");
  });

  it("keeps one entry per prefix for the same e-mail", () => {
    const address = email();
    joinWaitlist({ name: "Sam", email: address, fsa: "K1A", reason: "Outside Service Area", locale: "en" });
    joinWaitlist({ name: "Sam", email: address, fsa: "H7N", reason: "Outside Service Area", locale: "en" });
    const rows = db
      .select()
      .from(schema.waitlistEntries)
      .where(and(eq(schema.waitlistEntries.email, address)))
      .all();
    expect(rows.map((row) => row.fsa).sort()).toEqual(["H7N", "K1A"]);
  });
});

describe("waitlist input", () => {
  const good = {
    email: "Marie@Videotron.ca",
    name: " Marie ",
    postal_code: "k1a",
    building_access: "Outside Service Area",
  };

  it("accepts the spec's payload and normalises it", () => {
    expect(WaitlistApiSchema.parse(good)).toEqual({
      email: "marie@videotron.ca",
      name: "Marie",
      postal_code: "K1A",
      building_access: "Outside Service Area",
    });
  });

  it("names the first problem with a translation key", () => {
    const firstMessage = (body: Record<string, unknown>) => {
      const result = WaitlistApiSchema.safeParse(body);
      return result.success ? null : result.error.issues[0]!.message;
    };
    expect(firstMessage({ ...good, email: "" })).toBe("errors.emailRequired");
    expect(firstMessage({ ...good, email: "not-an-email" })).toBe("errors.emailInvalid");
    expect(firstMessage({ ...good, name: "  " })).toBe("visitor:waitlist.nameRequired");
    expect(firstMessage({ ...good, name: undefined })).toBe("visitor:waitlist.nameRequired");
    expect(firstMessage({ ...good, postal_code: "D1A" })).toBe("errors.postalFsaInvalid");
    expect(firstMessage({ ...good, postal_code: "H2X 1Y4" })).toBe("errors.postalFsaInvalid");
    expect(firstMessage({ ...good, building_access: "Stairs" })).toBe("visitor:waitlist.reasonInvalid");
    expect(firstMessage({ ...good, building_access: undefined })).toBe("visitor:waitlist.reasonInvalid");
  });

  it("the page form uses the same rules under its own field names", () => {
    const result = WaitlistFormSchema.safeParse({ name: "", email: "x@y", fsa: "12A", reason: "No Direct Access" });
    expect(result.success).toBe(false);
    const paths = result.success ? [] : result.error.issues.map((issue) => issue.path[0]);
    expect(paths).toEqual(["name", "email", "fsa"]);
  });
});
