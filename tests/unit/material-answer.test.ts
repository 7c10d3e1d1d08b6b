// The pure matching and ranking rules of "will you take this?" (lib/material-answer), on a small table.
import { describe, expect, it } from "vitest";
import {
  answerFrom,
  coversTerm,
  foldWords,
  matchSynonyms,
  refusedFirst,
  type CategoryHit,
  type MaterialSynonym,
} from "~/lib/material-answer";

const TV: MaterialSynonym = {
  category: "electronics",
  accepted: false,
  nameEn: "Televisions",
  nameFr: "Téléviseurs",
  terms: ["tv", "télé", "téléviseur"],
};
const PHONE: MaterialSynonym = {
  category: "electronics",
  accepted: true,
  nameEn: "Phones",
  nameFr: "Téléphones",
  terms: ["téléphone", "phone"],
};
const CAR: MaterialSynonym = {
  category: "batteries",
  accepted: false,
  nameEn: "Car batteries",
  nameFr: "Batteries d’auto",
  terms: ["car battery", "batterie d’auto"],
};
const BATTERY: MaterialSynonym = {
  category: "batteries",
  accepted: true,
  nameEn: "Batteries",
  nameFr: "Piles",
  terms: ["battery", "pile"],
};
const PROPANE: MaterialSynonym = {
  category: null,
  accepted: false,
  nameEn: "Propane tanks",
  nameFr: "Bonbonnes de propane",
  terms: ["propane"],
};
const TABLE = [PHONE, TV, BATTERY, CAR, PROPANE];

const hit = (category: string, onlyInNotAccepted = false): CategoryHit => ({
  category,
  onlyInNotAccepted,
  matchedItems: [],
});

describe("words", () => {
  it("folds case, accents, elisions and small words", () => {
    expect(foldWords("Écran d’ordinateur")).toEqual(["ecran", "ordinateur"]);
    expect(foldWords("Batterie d'AUTO")).toEqual(["batterie", "auto"]);
    expect(foldWords("  e-cigarette  ")).toEqual(["e", "cigarette"]);
    expect(foldWords("")).toEqual([]);
  });

  it("covers a term with whole words in any order, plurals alike, the last word as a prefix", () => {
    expect(coversTerm(["tvs"], ["tv"], false)).toBe(true);
    expect(coversTerm(["battery", "car"], ["car", "battery"], false)).toBe(true);
    expect(coversTerm(["car", "bat"], ["car", "battery"], true)).toBe(true);
    expect(coversTerm(["car", "bat"], ["car", "battery"], false)).toBe(false);
    // Never the inside of a word, never a two-letter prefix, never a term with a word left unsaid.
    expect(coversTerm(["levision"], ["television"], true)).toBe(false);
    expect(coversTerm(["te"], ["tele"], true)).toBe(false);
    expect(coversTerm(["battery"], ["car", "battery"], true)).toBe(false);
    expect(coversTerm(["old", "tv"], ["tv"], true)).toBe(false);
  });
});

describe("synonyms", () => {
  it("answers a query that is itself a term with what it names, not the longer words it begins", () => {
    expect(matchSynonyms("télé", TABLE)).toEqual({ exact: true, named: [TV] });
    expect(matchSynonyms("TV", TABLE)).toEqual({ exact: true, named: [TV] });
    expect(matchSynonyms("Téléphone", TABLE)).toEqual({ exact: true, named: [PHONE] });
    expect(matchSynonyms("battery", TABLE)).toEqual({ exact: true, named: [BATTERY] });
  });

  it("reads the last word as a prefix when no term is spelled out, refused things first", () => {
    expect(matchSynonyms("tél", TABLE)).toEqual({ exact: false, named: [TV, PHONE] });
    expect(matchSynonyms("batterie d'aut", TABLE)).toEqual({ exact: false, named: [CAR] });
    expect(matchSynonyms("prop", TABLE)).toEqual({ exact: false, named: [PROPANE] });
    expect(matchSynonyms("zeppelin", TABLE)).toEqual({ exact: false, named: [] });
    expect(matchSynonyms("  ", TABLE)).toEqual({ exact: false, named: [] });
  });

  it("puts every refused match before every accepted one, keeping the order otherwise", () => {
    expect(refusedFirst([PHONE, BATTERY, TV, CAR])).toEqual([TV, CAR, PHONE, BATTERY]);
  });
});

describe("the answer", () => {
  const categories = [hit("electronics"), hit("batteries"), hit("toys")];
  const byCategory = (category: string) => categories.find((c) => c.category === category);

  it("says no to a refused thing and lists its category first, flagged, above accepted text hits", () => {
    const { answer, materials } = answerFrom(
      matchSynonyms("tél", TABLE),
      [hit("electronics"), hit("batteries")],
      byCategory,
      "fr",
    );
    expect(answer).toEqual({ verdict: "no", thing: "Téléviseurs", category: "electronics" });
    expect(materials).toEqual([hit("electronics", true), hit("batteries")]);
  });

  it("says no to a thing no category names, and still lists what the texts matched", () => {
    const { answer, materials } = answerFrom(matchSynonyms("propane", TABLE), [hit("toys")], byCategory, "en");
    expect(answer).toEqual({ verdict: "no", thing: "Propane tanks", category: null });
    expect(materials).toEqual([hit("toys")]);
  });

  it("says yes to an accepted thing, keeping the text hit's matched items", () => {
    const found = [{ ...hit("batteries"), matchedItems: ["AA battery"] }, hit("toys", true)];
    const { answer, materials } = answerFrom(matchSynonyms("battery", TABLE), found, byCategory, "en");
    expect(answer).toEqual({ verdict: "yes", thing: "Batteries", category: "batteries" });
    expect(materials).toEqual(found);
  });

  it("without a named thing, answers with the first text hit: accepting categories come before refusing ones", () => {
    const none = matchSynonyms("jeans", TABLE);
    expect(answerFrom(none, [hit("textiles"), hit("toys", true)], byCategory, "en").answer).toEqual({
      verdict: "yes",
      thing: null,
      category: "textiles",
    });
    expect(answerFrom(none, [hit("batteries", true)], byCategory, "en").answer).toEqual({
      verdict: "no",
      thing: null,
      category: "batteries",
    });
    expect(answerFrom(none, [], byCategory, "en")).toEqual({ answer: null, materials: [] });
  });
});
