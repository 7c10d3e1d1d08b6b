import { eq } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { listMaterials, searchMaterials } from "~/services/catalogue/materials.server";
import { seed } from "~/services/ops/seed.server";
import { db, schema } from "~/services/platform/db.server";

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
    // What residents bring most first (issue 33 part 12: not A-Z, which put Architectural Items first).
    expect(categories(listMaterials("en"))).toEqual([
      "batteries",
      "electronic_tech_waste",
      "household_paint",
      "textiles_and_clothing",
      "shoes",
      "prescription_glasses_and_prescription_sunglasses",
      "plastic_toys",
      "wine_corks",
      "tennis_balls",
      "office_supplies",
      "chopsticks",
      "architectural_items",
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
    // Montreal is bilingual: either language's word finds the category, shown in the page's language.
    expect(categories(searchMaterials("fr", "shoes"))).toEqual(["shoes"]);
    expect(searchMaterials("en", "chaussures")[0]!.name).toBe("Shoes");
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
    expect(listMaterials("en")).toHaveLength(12);
  });

  describe("understands residents (FTS5: plurals, accents, item names, both languages)", () => {
    const expected: Array<[string, string]> = [
      ["battery", "batteries"],
      ["batteries", "batteries"],
      ["piles", "batteries"],
      ["pile AA", "batteries"],
      ["AA battery", "batteries"],
      ["telephone", "electronic_tech_waste"],
      ["téléphone", "electronic_tech_waste"],
      ["cellphone", "electronic_tech_waste"],
      ["cellulaire", "electronic_tech_waste"],
      ["bouchon", "wine_corks"],
      ["bouchon de liège", "wine_corks"],
      ["jeans", "textiles_and_clothing"],
      ["vieux jeans", "textiles_and_clothing"],
    ];
    for (const lng of ["en", "fr"] as const) {
      for (const [q, category] of expected) {
        it(`"${q}" (${lng}) shows ${category} first, as accepted`, () => {
          const [first] = searchMaterials(lng, q);
          expect(first?.category).toBe(category);
          expect(first?.onlyInNotAccepted).toBe(false);
        });
      }
    }

    it("ranks every accepting category before those that only refuse it", () => {
      const battery = searchMaterials("en", "battery").map((m) => [m.category, m.onlyInNotAccepted]);
      expect(battery[0]).toEqual(["batteries", false]);
      expect(battery).toContainEqual(["office_supplies", false]); // calculators without batteries
      expect(battery.at(-1)).toEqual(["plastic_toys", true]); // toys with batteries still inside
    });

    // The seed: "NOT ACCEPTED: damaged, leaking or swollen batteries, … any battery weighing more than 5 kg"
    // / "NON ACCEPTÉ : piles et batteries endommagées, … toute batterie de plus de 5 kg".
    for (const q of [
      "damaged battery",
      "battery weighing more than 5 kg",
      "piles endommagées",
      "batterie de plus de 5 kg",
    ]) {
      for (const lng of ["en", "fr"] as const) {
        it(`"${q}" (${lng}) is named only as refused: shows batteries as not accepted`, () => {
          const found = searchMaterials(lng, q);
          expect(found.map((m) => [m.category, m.onlyInNotAccepted])).toEqual([["batteries", true]]);
        });
      }
    }

    it("names the item names that matched, the page's language first", () => {
      expect(searchMaterials("en", "pile AA")[0]?.matchedItems).toEqual(["pile AA", "pile AAA"]);
      expect(searchMaterials("fr", "vieux jeans")[0]?.matchedItems).toEqual(["vieux jeans"]);
      expect(searchMaterials("en", "battery")[0]?.matchedItems).toHaveLength(3);
      expect(searchMaterials("en", "jeans")[0]?.matchedItems).toEqual(["jeans", "old jeans", "vieux jeans"]);
      expect(searchMaterials("fr", "jeans")[0]?.matchedItems).toEqual(["jeans", "vieux jeans", "old jeans"]);
      expect(searchMaterials("en", "cellulaire")[0]?.matchedItems).toEqual(["cellulaire", "téléphone cellulaire"]);
      // Nothing to name without a query, nor for a category that only refuses it.
      expect(searchMaterials("en", "").every((m) => m.matchedItems.length === 0)).toBe(true);
      expect(searchMaterials("en", "damaged battery")[0]?.matchedItems).toEqual([]);
    });

    it("matches the last word as a prefix, as it is typed", () => {
      expect(categories(searchMaterials("en", "cellph"))[0]).toBe("electronic_tech_waste");
      expect(categories(searchMaterials("fr", "bouch"))[0]).toBe("wine_corks");
      expect(categories(searchMaterials("en", "skew"))).toEqual(["chopsticks"]);
    });

    it("reads FTS5 syntax as text and never fails on odd input", () => {
      const odd = [
        '"',
        '""battery',
        "battery*",
        "-battery",
        "NOT battery",
        "battery OR shoes",
        "name: battery",
        "{refused}: battery",
        "(battery",
        "^battery",
        "NEAR(battery shoes)",
        "* - : ( ) ^ + .",
        "AND",
        "\u0000battery",
        "\ud800\udfff\ud800",
        "🔋 batteries 🔋",
        "ｂａｔｔｅｒｙ",
        "e\u0301couteurs",
        "\u202ebattery\u200b",
        "日本語 の 電池",
        "𝔟𝔞𝔱𝔱𝔢𝔯𝔶",
        "\uffff\ufffe\u{10ffff}",
        "x".repeat(10_000),
        "a b c d e f g h i j k l m n o p q r s t u v w x y z ".repeat(5),
      ];
      for (const q of odd) {
        for (const lng of ["en", "fr"] as const) {
          expect(() => searchMaterials(lng, q), JSON.stringify(q)).not.toThrow();
        }
      }
      expect(categories(searchMaterials("en", "battery*"))[0]).toBe("batteries");
      expect(categories(searchMaterials("en", '""battery'))[0]).toBe("batteries");
      expect(categories(searchMaterials("en", "\u0000battery"))[0]).toBe("batteries");
      expect(categories(searchMaterials("fr", "e\u0301couteurs"))).toEqual(["electronic_tech_waste"]);
      expect(categories(searchMaterials("en", "🔋 batteries 🔋"))[0]).toBe("batteries");
      // "NOT" is a word here, not the operator: nothing says "not shoes".
      expect(searchMaterials("en", "NOT shoes")).toEqual([]);
      expect(searchMaterials("en", "* - : ( ) ^ + .")).toHaveLength(12); // no word: the whole list
    });

    it("answers any string, FTS5 operators and odd unicode mixed in, with a list (fixed seed)", () => {
      const piece = fc.oneof(
        fc.string({ unit: "binary", maxLength: 12 }),
        fc.constantFrom('"', "*", "-", ":", "(", ")", "^", "+", "NOT", "OR", "AND", "NEAR", "{", "}", " ", "battery"),
      );
      fc.assert(
        fc.property(fc.array(piece, { maxLength: 12 }), fc.constantFrom("en" as const, "fr" as const), (parts, lng) => {
          expect(Array.isArray(searchMaterials(lng, parts.join("")))).toBe(true);
        }),
        { seed: 23, numRuns: 300 },
      );
    });

    it("follows every write to the materials table (triggers, in the writer's transaction)", () => {
      const before = db.select().from(schema.materials).where(eq(schema.materials.category, "shoes")).get()!;
      try {
        db.update(schema.materials)
          .set({ itemsEn: "zeppelin slipper", descriptionEn: "Boots.|NOT ACCEPTED: moonboots" })
          .where(eq(schema.materials.id, before.id))
          .run();
        expect(categories(searchMaterials("fr", "zeppelin"))).toEqual(["shoes"]);
        expect(searchMaterials("en", "moonboots").map((m) => m.onlyInNotAccepted)).toEqual([true]);
        expect(searchMaterials("en", "cleats")).toEqual([]); // the old English text is gone
        expect(() =>
          db.transaction((tx) => {
            tx.delete(schema.materials).where(eq(schema.materials.id, before.id)).run();
            expect(searchMaterials("en", "zeppelin")).toEqual([]);
            throw new Error("roll back");
          }),
        ).toThrow("roll back");
        expect(categories(searchMaterials("en", "zeppelin"))).toEqual(["shoes"]);
      } finally {
        seed(Date.UTC(2026, 10, 22, 17, 0, 0));
      }
      expect(searchMaterials("en", "zeppelin")).toEqual([]);
      expect(categories(searchMaterials("en", "cleats"))).toEqual(["shoes"]);
    });
  });
});
