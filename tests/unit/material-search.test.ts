import { describe, expect, it } from "vitest";
import { materialSearchQuery, searchWords } from "~/lib/material-search";

describe("material search query (FTS5)", () => {
  it("has no query without a word", () => {
    for (const q of [null, undefined, "", "   ", "* - : ( ) ^", "\u0000\u200b", '""']) {
      expect(materialSearchQuery(q), JSON.stringify(q)).toBeNull();
    }
  });

  it("quotes every word, so typed FTS5 syntax is text, and matches the last one as a prefix", () => {
    expect(materialSearchQuery("pile AA")).toEqual({
      anywhere: '"pile" AND "AA" *',
      accepted: '{name items accepted} : ("pile" AND "AA" *)',
    });
    expect(materialSearchQuery('NOT "battery*" name:x OR -y')?.anywhere).toBe(
      '"NOT" AND "battery" AND "name:x" AND "OR" AND "y" *',
    );
    // A quote inside a word is doubled, as FTS5 strings escape it.
    expect(materialSearchQuery('a"b')?.anywhere).toBe('"a""b" *');
  });

  it("keeps hyphenated and apostrophe words whole (FTS5 reads them as a phrase)", () => {
    expect(searchWords("  “Lead-acid”,  d’armoire!  ")).toEqual(["Lead-acid", "d’armoire"]);
  });

  it("drops controls and lone surrogates and cuts a paragraph to the query length", () => {
    expect(searchWords("bat\u0000tery \ud800")).toEqual(["bat", "tery"]);
    expect(searchWords("x".repeat(500))).toEqual(["x".repeat(100)]);
  });
});
