import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { rememberTranslations } from "~/services/platform/remembered-translations.server";

type Call = (...x: unknown[]) => unknown;

async function instances() {
  const init = async () => {
    const i = createInstance();
    await i.init({
      lng: "fr",
      ns: ["booking"],
      defaultNS: "booking",
      interpolation: { escapeValue: false },
      resources: {
        fr: {
          booking: {
            title: "Planifier une collecte",
            bags: { option_one: "{{count}} sac", option_other: "{{count}} sacs", perBag: "{{price}} par sac" },
          },
        },
      },
    });
    return i;
  };
  return { plain: await init(), remembered: rememberTranslations(await init()) };
}

describe("translations remembered on the server", () => {
  it("answers exactly what i18next answers, asked once or many times, with and without options", async () => {
    const { plain, remembered } = await instances();
    const calls: [string, unknown?][] = [
      ["title"],
      ["bags.option", { count: 1 }],
      ["bags.option", { count: 4 }],
      ["bags.perBag", { price: "9,00 $" }],
      ["bags.perBag", { price: "8,00 $" }],
      ["missing.key"],
      ["title", "valeur par défaut"],
    ];
    const a = plain.getFixedT(null, "booking");
    const b = remembered.getFixedT(null, "booking");
    for (let round = 0; round < 3; round++) {
      for (const [key, options] of calls) {
        const args = options === undefined ? [key] : [key, options];
        expect((b as unknown as Call)(...args)).toBe((a as unknown as Call)(...args));
      }
    }
    const prefixed = remembered.getFixedT(null, "booking", "bags");
    expect(prefixed("option", { count: 2 })).toBe("2 sacs");
    // The same key under another key prefix is another label.
    expect(remembered.getFixedT(null, "booking")("option", { count: 2 })).not.toBe("2 sacs");
  });

  it("leaves a call whose options are not plain values to i18next each time", async () => {
    const { remembered } = await instances();
    const t = remembered.getFixedT(null, "booking") as unknown as Call;
    let asked = 0;
    const price = {
      toString() {
        asked += 1;
        return `${asked},00 $`;
      },
    };
    expect(t("bags.perBag", { price })).toBe("1,00 $ par sac");
    expect(t("bags.perBag", { price })).toBe("2,00 $ par sac");
  });

  it("hands out one function per language, namespaces and key prefix", async () => {
    const { remembered } = await instances();
    const t = remembered.getFixedT("fr", "booking");
    expect(remembered.getFixedT("fr", "booking")).toBe(t);
    expect(remembered.getFixedT("fr", ["booking"])).toBe(t);
    expect(remembered.getFixedT("fr", "booking", "bags")).not.toBe(t);
    expect(remembered.getFixedT("fr", "booking", "bags")("option", { count: 3 })).toBe("3 sacs");
    expect(t("title")).toBe("Planifier une collecte");
  });
});
