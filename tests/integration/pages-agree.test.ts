// Issue 43 part 8: the help page, the terms and the materials list say the same thing about what is taken.
// The help page named paint as accepted and, two answers later, sent it to the écocentre. Now every thing the
// help page says we take, or refuse (the same list the terms show), is asked of the materials search over the
// seeded catalogue (db/seed: the categories' texts and the synonym table), in its own language: what the help
// page takes must answer yes, what it refuses no. And the sentences around the refused list never name a thing
// we take. /privacy no longer speaks of text messages "to come".
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { foldWords } from "~/lib/material-answer";
import { REFUSED_ITEMS, TAKEN_ITEMS } from "~/lib/what-we-take";
import { termsText } from "~/services/http/terms-page.server";
import { askMaterials } from "~/services/catalogue/materials.server";
import { seed } from "~/services/ops/seed.server";

type Item = { name: string; detail?: string };
type Help = {
  faq: { bagItems: Record<string, Item>; refusedItems: Record<string, Item>; [text: string]: unknown };
};
const locales = path.resolve(__dirname, "../../app/locales");
const read = <T>(lng: string, ns: string) =>
  JSON.parse(fs.readFileSync(path.join(locales, lng, `${ns}.json`), "utf8")) as T;

beforeAll(() => {
  seed();
});

/** The words of `phrase` appear one after the other in `text` (accents, case and small words aside). */
function names(text: string, phrase: string): boolean {
  const words = foldWords(text);
  const wanted = foldWords(phrase);
  return words.some((_, i) => wanted.every((word, j) => words[i + j] === word));
}

for (const lng of ["en", "fr"] as const) {
  describe(`what is taken, in ${lng}`, () => {
    const help = read<Help>(lng, "help");

    it("the help page's lists are the ones the page and the terms show (lib/what-we-take)", () => {
      expect(Object.keys(help.faq.bagItems)).toEqual([...TAKEN_ITEMS]);
      expect(Object.keys(help.faq.refusedItems)).toEqual([...REFUSED_ITEMS]);
    });

    for (const key of TAKEN_ITEMS) {
      it(`the help page takes ${key}: the materials list says yes`, () => {
        const name = help.faq.bagItems[key]!.name;
        expect(askMaterials(lng, name).answer, `"${name}"`).toMatchObject({ verdict: "yes" });
      });
    }

    for (const key of REFUSED_ITEMS) {
      it(`the help page and the terms refuse ${key}: the materials list says no`, () => {
        const name = help.faq.refusedItems[key]!.name;
        expect(askMaterials(lng, name).answer, `"${name}"`).toMatchObject({ verdict: "no" });
      });
    }

    it("no sentence about refused things names a thing we take (paint sent to the écocentre)", async () => {
      const terms = await termsText(lng);
      const refusing = [
        help.faq.refusedAnswer as string,
        help.faq.refusedWhere as string,
        help.faq.missedAnswer as string,
        terms.sections.find((s) => s.id === "terms-refused")!.text,
      ];
      // Each thing taken, by its name and by each word of it the materials list itself answers yes to
      // ("paint" of "leftover paint", "peinture" of "restes de peinture").
      const taken = TAKEN_ITEMS.flatMap((key) => {
        const name = help.faq.bagItems[key]!.name;
        const words = foldWords(name).filter(
          (word) => word.length > 3 && askMaterials(lng, word).answer?.verdict === "yes",
        );
        return [name, ...words];
      });
      expect(taken.length).toBeGreaterThan(TAKEN_ITEMS.length);
      for (const text of refusing) {
        for (const thing of taken) expect(names(text, thing), `"${thing}" in "${text}"`).toBe(false);
      }
    });

    it("the terms list the same refused things as the help page, in the terms' language", async () => {
      const terms = await termsText(lng);
      expect(terms.refusedItems).toHaveLength(REFUSED_ITEMS.length);
      REFUSED_ITEMS.forEach((key, i) => expect(terms.refusedItems[i]).toContain(help.faq.refusedItems[key]!.name));
    });

    it("/privacy no longer speaks of text messages to come", () => {
      const privacy = JSON.stringify(read<unknown>(lng, "privacy"));
      expect(privacy).not.toMatch(/once text messages are offered|quand les textos seront offerts/i);
    });
  });
}

it("the paint the help page takes is the materials list's Household Paint, in both languages", () => {
  expect(askMaterials("en", read<Help>("en", "help").faq.bagItems.paint!.name).answer).toMatchObject({
    category: "household_paint",
  });
  expect(askMaterials("fr", read<Help>("fr", "help").faq.bagItems.paint!.name).answer).toMatchObject({
    category: "household_paint",
  });
});
