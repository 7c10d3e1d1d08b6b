// Issue 33, part 7: every French text the app can show or send (every namespace, e-mails included) is
// French: no English word left untranslated, no amount written "$2.30". The pages and e-mails as a
// resident meets them are walked in tests/e2e/french-walk.spec.ts.
import { describe, expect, it } from "vitest";
import { resources } from "~/locales/resources";
import { englishIn } from "../french-text";

/** Every string of a namespace with its key path. */
function strings(value: unknown, path: string): [string, string][] {
  if (typeof value === "string") return [[path, value]];
  if (value && typeof value === "object") {
    return Object.entries(value).flatMap(([key, inner]) => strings(inner, path ? `${path}.${key}` : key));
  }
  return [];
}

describe("French texts", () => {
  it("finds the English it is meant to find", () => {
    expect(englishIn("Vous serez remboursé de $9.20")).toHaveLength(1);
    expect(englishIn("1430 Rue Saint-Denis, Unit 4, Montréal")).toHaveLength(1);
    expect(englishIn("Votre collecte du 3 décembre, app. 4 — 9,20 $")).toEqual([]);
    expect(englishIn("Écrivez à aide@recircle.ca ou https://recircle.ca/the-page")).toEqual([]);
  });

  it("has no English word and no English amount in any namespace", () => {
    const found: string[] = [];
    let checked = 0;
    for (const [ns, texts] of Object.entries(resources.fr)) {
      for (const [key, text] of strings(texts, "")) {
        checked += 1;
        // Placeholders are filled with values formatted in the reader's language elsewhere.
        for (const hit of englishIn(text.replace(/\{\{[^}]+\}\}/g, " "))) found.push(`${ns}:${key} ${hit}`);
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(found).toEqual([]);
  });
});
