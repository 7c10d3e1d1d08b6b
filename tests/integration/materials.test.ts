import { beforeAll, describe, expect, it } from "vitest";
import { listMaterials, searchMaterials, searchTerms } from "~/services/catalogue/materials.server";
import { seed } from "~/services/ops/seed.server";

const categories = (list: { category: string }[]) => list.map((m) => m.category);

describe("materials catalogue", () => {
  beforeAll(() => {
    seed(Date.UTC(2026, 10, 22, 17, 0, 0));
  });

  it("lists the 12 categories in English and in French, with the spec's fields", () => {
    const en = listMaterials("en");
    const fr = listMaterials("fr");
    expect(en).toHaveLength(12);
    expect(fr).toHaveLength(12);
    expect(categories(fr)).toEqual(categories(en));
    for (const material of en) {
      expect(Object.keys(material).sort()).toEqual(
        ["category", "color", "description", "icon", "id", "name", "preparationNote"].sort(),
      );
    }
    const batteriesEn = en.find((m) => m.category === "batteries")!;
    const batteriesFr = fr.find((m) => m.category === "batteries")!;
    expect(batteriesEn).toMatchObject({ name: "Batteries", icon: "battery", color: "yellow" });
    expect(batteriesEn.description).toContain("|NOT ACCEPTED:");
    expect(batteriesFr).toMatchObject({ name: "Piles et batteries", icon: "battery", color: "yellow" });
    expect(batteriesFr.description).toContain("|NON ACCEPTÉ");
    expect(batteriesFr.preparationNote.split("|").length).toBeGreaterThanOrEqual(2);
    expect(batteriesFr.id).toBe(batteriesEn.id);
  });

  it("lists the categories in the seeded order", () => {
    expect(categories(listMaterials("en"))).toEqual([
      "architectural_items",
      "batteries",
      "chopsticks",
      "electronic_tech_waste",
      "household_paint",
      "office_supplies",
      "plastic_toys",
      "prescription_glasses_and_prescription_sunglasses",
      "shoes",
      "tennis_balls",
      "textiles_and_clothing",
      "wine_corks",
    ]);
  });

  it("returns everything for a blank search", () => {
    expect(searchMaterials("en", "")).toHaveLength(12);
    expect(searchMaterials("fr", "   ")).toHaveLength(12);
    expect(searchMaterials("en", null)).toHaveLength(12);
  });

  it("finds a category by its name in the current language", () => {
    expect(categories(searchMaterials("en", "batter"))).toContain("batteries");
    expect(categories(searchMaterials("fr", "pile"))).toContain("batteries");
    expect(categories(searchMaterials("en", "Tennis Balls"))).toEqual(["tennis_balls"]);
    expect(categories(searchMaterials("fr", "Balles de tennis"))).toEqual(["tennis_balls"]);
    // The English word is not in the French texts.
    expect(categories(searchMaterials("fr", "shoes"))).toEqual([]);
    expect(categories(searchMaterials("en", "chaussures"))).toEqual([]);
  });

  it("finds a category by a word of its description", () => {
    expect(categories(searchMaterials("en", "toner"))).toEqual(["office_supplies"]);
    expect(categories(searchMaterials("en", "skewers"))).toEqual(["chopsticks"]);
    expect(categories(searchMaterials("fr", "brochettes"))).toEqual(["chopsticks"]);
    expect(categories(searchMaterials("fr", "écouteurs"))).toEqual(["electronic_tech_waste"]);
  });

  it("ignores case and accents, in both directions", () => {
    for (const q of ["liège", "liege", "LIÈGE", "Liege"]) {
      expect(categories(searchMaterials("fr", q)), q).toEqual(["wine_corks"]);
    }
    expect(categories(searchMaterials("fr", "ecouteurs"))).toEqual(["electronic_tech_waste"]);
    expect(categories(searchMaterials("en", "CORKS"))).toEqual(["wine_corks"]);
    // Typographic and straight apostrophes are the same letter to the resident.
    expect(categories(searchMaterials("fr", "d'armoire"))).toEqual(["architectural_items"]);
  });

  it("needs every word of a longer query, in any order", () => {
    expect(categories(searchMaterials("en", "cork wine"))).toEqual(["wine_corks"]);
    expect(categories(searchMaterials("en", "cork laptop"))).toEqual([]);
  });

  it("flags a category found only through what it does not accept", () => {
    const car = searchMaterials("en", "lead-acid");
    expect(categories(car)).toEqual(["batteries"]);
    expect(car[0]!.onlyInNotAccepted).toBe(true);
    // Toys "still containing batteries" are refused: the toys category is flagged, batteries are not.
    const batter = searchMaterials("en", "batter");
    expect(batter.map((m) => [m.category, m.onlyInNotAccepted])).toEqual([
      ["batteries", false],
      ["office_supplies", false],
      ["plastic_toys", true],
    ]);
    const aa = searchMaterials("en", "AAA");
    expect(categories(aa)).toEqual(["batteries"]);
    expect(aa[0]!.onlyInNotAccepted).toBe(false);
  });

  it("returns nothing when nothing matches, and never fails on odd input", () => {
    expect(searchMaterials("en", "refrigerator magnet zeppelin")).toEqual([]);
    expect(searchMaterials("fr", "xyzzy")).toEqual([]);
    expect(searchMaterials("en", "%_'\"; drop table materials;--")).toEqual([]);
    expect(searchMaterials("en", "x".repeat(10_000))).toEqual([]);
    expect(searchTerms("  “Corks”,  wine!  ")).toEqual(["corks", "wine"]);
    expect(listMaterials("en")).toHaveLength(12);
  });
});
