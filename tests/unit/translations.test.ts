// Every text exists in English and French under the same keys, with the same {{placeholders}}.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const dir = path.resolve(__dirname, "../../app/locales");

function flatten(value: unknown, prefix = ""): Record<string, string> {
  if (typeof value === "string") return { [prefix]: value };
  return Object.entries(value as Record<string, unknown>).reduce(
    (all, [k, v]) => ({ ...all, ...flatten(v, prefix ? `${prefix}.${k}` : k) }),
    {} as Record<string, string>,
  );
}

const placeholders = (text: string) => [...text.matchAll(/{{\s*(\w+)\s*}}/g)].map((m) => m[1]).sort();

describe("translations", () => {
  const namespaces = fs.readdirSync(path.join(dir, "en")).filter((f) => f.endsWith(".json"));
  it("has the same namespaces in both languages", () => {
    expect(
      fs
        .readdirSync(path.join(dir, "fr"))
        .filter((f) => f.endsWith(".json"))
        .sort(),
    ).toEqual([...namespaces].sort());
  });
  for (const ns of namespaces) {
    it(`${ns}: same keys and placeholders in en and fr`, () => {
      const en = flatten(JSON.parse(fs.readFileSync(path.join(dir, "en", ns), "utf8")));
      const fr = flatten(JSON.parse(fs.readFileSync(path.join(dir, "fr", ns), "utf8")));
      expect(Object.keys(fr).sort()).toEqual(Object.keys(en).sort());
      for (const key of Object.keys(en)) {
        expect(placeholders(fr[key]!), `${ns}:${key}`).toEqual(placeholders(en[key]!));
        expect(fr[key]!.trim().length, `${ns}:${key} is empty in French`).toBeGreaterThan(0);
      }
    });
  }
});
