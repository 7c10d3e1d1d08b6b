import { describe, expect, it } from "vitest";
import { descriptionParagraphs, keepUnits, preparationSteps, splitParagraph } from "~/lib/material-text";

describe("material texts", () => {
  it("keeps a number with its unit", () => {
    expect(keepUnits("Up to 5 kg, 9 V batteries, 20 à 30 L")).toBe(
      "Up to 5\u00a0kg, 9\u00a0V batteries, 20 à 30\u00a0L",
    );
    expect(keepUnits("5 kids")).toBe("5 kids");
  });

  it("labels the NOT ACCEPTED paragraph, in English and French", () => {
    expect(splitParagraph(" NOT ACCEPTED: paint cans, 5 kg bags")).toEqual({
      label: "NOT ACCEPTED:",
      text: "paint cans, 5\u00a0kg bags",
    });
    expect(splitParagraph("NON ACCEPTÉ : pots de peinture")).toEqual({
      label: "NON ACCEPTÉ\u00a0:",
      text: "pots de peinture",
    });
    expect(splitParagraph(" Clean textiles ")).toEqual({ label: null, text: "Clean textiles" });
  });

  it("splits descriptions and preparation notes on |, dropping empty parts", () => {
    expect(descriptionParagraphs("A|| NOT ACCEPTED: B")).toEqual([
      { label: null, text: "A" },
      { label: "NOT ACCEPTED:", text: "B" },
    ]);
    expect(preparationSteps(" Rinse | | Bag up to 10 kg ")).toEqual(["Rinse", "Bag up to 10\u00a0kg"]);
  });
});
