// "Will you take this?": 40 everyday queries per language with the answer a resident must get, through
// the catalogue's search over the seeded SQLite file (FTS5 and the synonym table, db/seed).
import { beforeAll, describe, expect, it } from "vitest";
import { askMaterials } from "~/services/catalogue/materials.server";
import { seed } from "~/services/ops/seed.server";

type Case = [query: string, verdict: "yes" | "no", category: string | null];

const EN: Case[] = [
  ["AA battery", "yes", "batteries"],
  ["batteries", "yes", "batteries"],
  ["old jeans", "yes", "textiles_and_clothing"],
  ["sneakers", "yes", "shoes"],
  ["winter boots", "yes", "shoes"],
  ["cell phone", "yes", "electronic_tech_waste"],
  ["phone", "yes", "electronic_tech_waste"],
  ["laptop", "yes", "electronic_tech_waste"],
  ["usb cable", "yes", "electronic_tech_waste"],
  ["headphones", "yes", "electronic_tech_waste"],
  ["remote control", "yes", "electronic_tech_waste"],
  ["paint", "yes", "household_paint"],
  ["latex paint", "yes", "household_paint"],
  ["wine cork", "yes", "wine_corks"],
  ["chopsticks", "yes", "chopsticks"],
  ["tennis balls", "yes", "tennis_balls"],
  ["sunglasses", "yes", "prescription_glasses_and_prescription_sunglasses"],
  ["toner", "yes", "office_supplies"],
  ["lego", "yes", "plastic_toys"],
  ["faucet", "yes", "architectural_items"],
  ["TV", "no", "electronic_tech_waste"],
  ["tvs", "no", "electronic_tech_waste"],
  ["television", "no", "electronic_tech_waste"],
  ["computer monitor", "no", "electronic_tech_waste"],
  ["microwave", "no", "electronic_tech_waste"],
  ["fridge", "no", "electronic_tech_waste"],
  ["car battery", "no", "batteries"],
  ["damaged battery", "no", "batteries"],
  ["vape", "no", null],
  ["e-cigarette", "no", null],
  ["propane", "no", null],
  ["styrofoam", "no", null],
  ["spray paint", "no", "household_paint"],
  ["mattress", "no", "textiles_and_clothing"],
  ["drywall", "no", "architectural_items"],
  ["light bulb", "no", null],
  ["ski boots", "no", "shoes"],
  ["contact lenses", "no", "prescription_glasses_and_prescription_sunglasses"],
  ["golf ball", "no", "tennis_balls"],
  ["cardboard", "no", "office_supplies"],
];

const FR: Case[] = [
  ["pile", "yes", "batteries"],
  ["piles AA", "yes", "batteries"],
  ["batterie", "yes", "batteries"],
  ["vieux jeans", "yes", "textiles_and_clothing"],
  ["espadrilles", "yes", "shoes"],
  ["bottes d'hiver", "yes", "shoes"],
  ["cellulaire", "yes", "electronic_tech_waste"],
  ["téléphone", "yes", "electronic_tech_waste"],
  ["télécommande", "yes", "electronic_tech_waste"],
  ["ordinateur portable", "yes", "electronic_tech_waste"],
  ["écouteurs", "yes", "electronic_tech_waste"],
  ["peinture", "yes", "household_paint"],
  ["vernis", "yes", "household_paint"],
  ["bouchon de liège", "yes", "wine_corks"],
  ["baguettes", "yes", "chopsticks"],
  ["balles de tennis", "yes", "tennis_balls"],
  ["lunettes de soleil", "yes", "prescription_glasses_and_prescription_sunglasses"],
  ["cartouche d’encre", "yes", "office_supplies"],
  ["figurine", "yes", "plastic_toys"],
  ["poignée de porte", "yes", "architectural_items"],
  ["télé", "no", "electronic_tech_waste"],
  ["TV", "no", "electronic_tech_waste"],
  ["téléviseur", "no", "electronic_tech_waste"],
  ["écran", "no", "electronic_tech_waste"],
  ["micro-ondes", "no", "electronic_tech_waste"],
  ["laveuse", "no", "electronic_tech_waste"],
  ["batterie d'auto", "no", "batteries"],
  ["piles gonflées", "no", "batteries"],
  ["vape", "no", null],
  ["cigarette électronique", "no", null],
  ["propane", "no", null],
  ["bonbonne de propane", "no", null],
  ["styromousse", "no", null],
  ["peinture en aérosol", "no", "household_paint"],
  ["matelas", "no", "textiles_and_clothing"],
  ["gypse", "no", "architectural_items"],
  ["ampoule", "no", null],
  ["bottes de ski", "no", "shoes"],
  ["verres de contact", "no", "prescription_glasses_and_prescription_sunglasses"],
  ["balle de golf", "no", "tennis_balls"],
];

describe("will you take this? (40 everyday queries per language)", () => {
  beforeAll(() => {
    seed(Date.UTC(2026, 10, 22, 17, 0, 0));
  });

  it("has 40 queries in each language", () => {
    expect(EN).toHaveLength(40);
    expect(FR).toHaveLength(40);
  });

  for (const [lng, cases] of [
    ["en", EN],
    ["fr", FR],
  ] as const) {
    for (const [q, verdict, category] of cases) {
      it(`${lng}: "${q}" → ${verdict}${category ? ` (${category})` : ""}`, () => {
        const { answer, materials } = askMaterials(lng, q);
        expect(answer?.verdict).toBe(verdict);
        expect(answer?.category).toBe(category);
        if (category) {
          // The category named comes first, flagged as not accepted exactly when the answer is no.
          expect(materials[0]?.category).toBe(category);
          expect(materials[0]?.onlyInNotAccepted).toBe(verdict === "no");
        }
      });
    }
  }

  it("answers a known short word with what it names, not the longer words it begins", () => {
    for (const lng of ["en", "fr"] as const) {
      const tele = askMaterials(lng, "télé");
      expect(tele.answer).toMatchObject({ verdict: "no", category: "electronic_tech_waste" });
      // Téléphone and télécommande (remote batteries) are not what "télé" means.
      expect(tele.materials.map((m) => [m.category, m.onlyInNotAccepted])).toEqual([["electronic_tech_waste", true]]);
    }
    expect(askMaterials("fr", "télé").answer?.thing).toBe("Téléviseurs et écrans");
    expect(askMaterials("en", "TV").answer?.thing).toBe("Televisions and monitors");
  });

  it("never matches the inside of a word", () => {
    // Only whole words and the start of a word count: "levision" is inside "television", "léphone" inside
    // "téléphone", "viseur" inside "téléviseur".
    expect(askMaterials("en", "levision")).toEqual({ answer: null, materials: [] });
    expect(askMaterials("fr", "léphone")).toEqual({ answer: null, materials: [] });
    expect(askMaterials("fr", "viseur")).toEqual({ answer: null, materials: [] });
  });

  it("has no answer for a blank query, and lists every category", () => {
    expect(askMaterials("en", "  ")).toMatchObject({ answer: null });
    expect(askMaterials("en", "").materials).toHaveLength(12);
  });
});
