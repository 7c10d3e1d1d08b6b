// Issue 47 part 1: what a driver records at the door (lib/refused-items): the list of refused items as the
// database holds it, reading the bags collected and the refused items from a form, and the texts in both
// languages: each item's name on the pages, and in the resident's Completed e-mail what was left and where
// to take it instead (the écocentre; the pharmacy for sharps), with the bags "3 of your 4 bags".
import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { refusedItems } from "../../db/schema";
import { i18nConfig } from "~/lib/i18n";
import {
  bagChoices,
  bagsCollectedLabel,
  defaultBagsCollected,
  doorInputOf,
  leftBehindText,
  readDoorOutcome,
  REFUSED_ITEMS,
  refusedItemEmailKey,
  refusedItemLabelKey,
} from "~/lib/refused-items";
import enEmails from "~/locales/en/emails.json";
import frEmails from "~/locales/fr/emails.json";
import enStops from "~/locales/en/stops.json";
import frStops from "~/locales/fr/stops.json";

const i18n = createInstance();
void i18n.init({
  ...i18nConfig,
  resources: { en: { emails: enEmails, stops: enStops }, fr: { emails: frEmails, stops: frStops } },
  ns: ["emails", "stops"],
  defaultNS: "emails",
  lng: "en",
  initImmediate: false,
});
const emailsT = (lng: "en" | "fr") => i18n.getFixedT(lng, "emails");
const stopsT = (lng: "en" | "fr") => i18n.getFixedT(lng, "stops");

describe("the refused items", () => {
  it("are the seven of the issue, the same list as the database's", () => {
    expect(REFUSED_ITEMS).toEqual(["propane", "tires", "car_battery", "asbestos", "sharps", "garbage", "other"]);
    expect(refusedItems.item.enumValues).toEqual([...REFUSED_ITEMS]);
  });

  for (const lng of ["en", "fr"] as const) {
    it(`each has a name on the pages and a line for the e-mail in ${lng}, every one different`, () => {
      const names = REFUSED_ITEMS.map((item) => stopsT(lng)(refusedItemLabelKey(item).replace("stops:", "")));
      const lines = REFUSED_ITEMS.map((item) => emailsT(lng)(refusedItemEmailKey(item), { note: "a paint can" }));
      for (const text of [...names, ...lines]) {
        expect(text).not.toMatch(/^refused\.|\{\{/);
        expect(text.length).toBeGreaterThan(3);
      }
      expect(new Set(names).size).toBe(REFUSED_ITEMS.length);
      expect(new Set(lines).size).toBe(REFUSED_ITEMS.length);
    });
  }

  it("say where to take each instead: the écocentre for propane, tires and car batteries; the pharmacy for sharps", () => {
    const en = (item: (typeof REFUSED_ITEMS)[number]) => emailsT("en")(refusedItemEmailKey(item));
    const fr = (item: (typeof REFUSED_ITEMS)[number]) => emailsT("fr")(refusedItemEmailKey(item));
    for (const item of ["propane", "tires", "car_battery"] as const) {
      expect(en(item)).toContain("écocentre");
      expect(fr(item)).toContain("écocentre");
    }
    expect(en("propane")).toMatch(/^Propane or gas cylinder — /);
    expect(fr("propane")).toMatch(/^Bonbonne de propane ou de gaz : /);
    expect(en("sharps")).toContain("pharmacy");
    expect(fr("sharps")).toContain("pharmacie");
    expect(en("asbestos")).toContain("311");
    expect(fr("asbestos")).toContain("311");
    // The English words are not in the French lines, nor the French ones in the English.
    for (const item of REFUSED_ITEMS) expect(en(item)).not.toBe(fr(item));
  });
});

describe("what was left, in the Completed e-mail", () => {
  it("names each item once, in the list's order, under one intro, with the note of 'other'", () => {
    const text = leftBehindText(emailsT("en"), [
      { item: "sharps", note: null },
      { item: "other", note: "an open paint can" },
      { item: "propane", note: null },
      { item: "propane", note: null },
    ]);
    const lines = text.split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[0]).toBe("We left 3 items at your door, as we cannot take them. Here is where to take each instead.");
    expect(lines[1]).toMatch(/^• Propane or gas cylinder — take it to an écocentre/);
    expect(lines[2]).toMatch(/^• Medical sharps \(needles, lancets\) — .* pharmacy/);
    expect(lines[3]).toMatch(/^• an open paint can — we could not take it\./);
  });

  it("in French, one item: the propane tank and the écocentre", () => {
    expect(leftBehindText(emailsT("fr"), [{ item: "propane", note: null }])).toBe(
      "Nous avons laissé un article devant votre porte : nous ne pouvons pas le prendre. Voici où l'apporter.\n" +
        "• Bonbonne de propane ou de gaz : apportez-la à un écocentre (gratuit pour les résidents de Montréal, avec une preuve d'adresse) ou chez un détaillant de propane. Jamais dans un sac ni aux ordures.",
    );
  });

  it("is empty when nothing was left", () => {
    expect(leftBehindText(emailsT("en"), [])).toBe("");
  });

  it("says the bags collected: as booked, fewer (3 of your 4) or more", () => {
    expect(bagsCollectedLabel(emailsT("en"), 4, null)).toBe("4 bags");
    expect(bagsCollectedLabel(emailsT("en"), 4, 4)).toBe("4 bags");
    expect(bagsCollectedLabel(emailsT("en"), 4, 3)).toBe("3 of your 4 bags");
    expect(bagsCollectedLabel(emailsT("fr"), 4, 3)).toBe("3 de vos 4 sacs");
    expect(bagsCollectedLabel(emailsT("fr"), 2, 1)).toBe("1 de vos 2 sacs");
    expect(bagsCollectedLabel(emailsT("en"), 4, 5)).toBe("5 bags (4 booked)");
    expect(bagsCollectedLabel(emailsT("fr"), 4, 5)).toBe("5 sacs (4 réservés)");
  });

  it("the pages say it too: 3 of 4 bags collected", () => {
    expect(stopsT("en")("door.collected", { count: 3, booked: 4 })).toBe("3 of 4 bags collected");
    expect(stopsT("fr")("door.collected", { count: 3, booked: 4 })).toBe("3 sacs ramassés sur 4");
    expect(stopsT("fr")("door.collected", { count: 1, booked: 2 })).toBe("1 sac ramassé sur 2");
  });
});

describe("reading the door from a form", () => {
  const form = (entries: Array<[string, string]>) => {
    const data = new FormData();
    for (const [name, value] of entries) data.append(name, value);
    return doorInputOf(data);
  };

  it("3 of 4 bags and a propane tank", () => {
    expect(
      readDoorOutcome(
        form([
          ["bagsCollected", "3"],
          ["refused", "propane"],
        ]),
        4,
      ),
    ).toEqual({
      ok: true,
      value: { bagsCollected: 3, refused: [{ item: "propane", note: null }] },
    });
  });

  it("without the bags field, the bags booked (kept within 1..10); the choices are 1 to 10", () => {
    expect(readDoorOutcome({}, 4)).toEqual({ ok: true, value: { bagsCollected: 4, refused: [] } });
    expect(defaultBagsCollected(0)).toBe(1);
    expect(defaultBagsCollected(12)).toBe(10);
    expect(bagChoices()).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it("more than booked is fine up to 10; none, 11, fractions, words and arrays are refused", () => {
    expect(readDoorOutcome({ bagsCollected: "10" }, 2)).toMatchObject({ ok: true, value: { bagsCollected: 10 } });
    expect(readDoorOutcome({ bagsCollected: " 5 " }, 4)).toMatchObject({ ok: true, value: { bagsCollected: 5 } });
    for (const bad of ["0", "11", "2.5", "-1", "three", "1e1", "٣", ["3"], {}, true]) {
      expect(readDoorOutcome({ bagsCollected: bad }, 4), JSON.stringify(bad)).toEqual({
        ok: false,
        problem: "stops:errors.bagsCollected",
      });
    }
  });

  it("each item once, in the list's order; an unknown one refuses the form", () => {
    expect(
      readDoorOutcome(
        form([
          ["refused", "sharps"],
          ["refused", "tires"],
          ["refused", "sharps"],
        ]),
        1,
      ),
    ).toMatchObject({ ok: true, value: { refused: [{ item: "tires" }, { item: "sharps" }] } });
    expect(readDoorOutcome(form([["refused", "plutonium"]]), 1)).toEqual({
      ok: false,
      problem: "stops:errors.refusedItem",
    });
    expect(readDoorOutcome({ refused: [{}] }, 1)).toMatchObject({ ok: false });
    expect(readDoorOutcome({ refused: Array(30).fill("tires") }, 1)).toMatchObject({ ok: false });
  });

  it("'other' needs its note (200 characters at most); a typed note means 'other'", () => {
    expect(readDoorOutcome(form([["refused", "other"]]), 1)).toEqual({
      ok: false,
      problem: "stops:errors.refusedNote",
    });
    expect(
      readDoorOutcome(
        form([
          ["refused", "other"],
          ["refusedNote", "   "],
        ]),
        1,
      ),
    ).toMatchObject({ ok: false });
    expect(readDoorOutcome(form([["refusedNote", "x".repeat(201)]]), 1)).toMatchObject({ ok: false });
    expect(readDoorOutcome(form([["refusedNote", "  open\u200b paint\n can "]]), 1)).toEqual({
      ok: true,
      value: { bagsCollected: 1, refused: [{ item: "other", note: "open paint can" }] },
    });
    expect(
      readDoorOutcome(
        form([
          ["refused", "tires"],
          ["refusedNote", ""],
        ]),
        1,
      ),
    ).toMatchObject({
      ok: true,
      value: { refused: [{ item: "tires", note: null }] },
    });
  });
});
