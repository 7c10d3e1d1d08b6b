// What the help page and the terms say is taken and refused (issue 43 part 8: the pages agree). The texts are
// help:faq.bagItems.<key> and help:faq.refusedItems.<key> ({ name, detail? }); each name is what a resident
// would type on the materials page, and tests/integration/pages-agree.test.ts asks the materials search about
// every one: a taken thing must answer yes, a refused one no, in both languages.

export const TAKEN_ITEMS = [
  "batteries",
  "electronics",
  "paint",
  "textiles",
  "shoes",
  "toys",
  "glasses",
  "corks",
  "tennisBalls",
  "officeSupplies",
  "chopsticks",
  "hardware",
] as const;

export const REFUSED_ITEMS = [
  "sprayPaint",
  "solvents",
  "chemicals",
  "propane",
  "carBatteries",
  "lightBulbs",
  "televisions",
  "appliances",
  "construction",
  "mattresses",
  "styrofoam",
] as const;

/** "leftover paint (household paint in its sealed original can, 4 L or less)": a name and its detail, if any. */
export function itemLine(name: string, detail: string | undefined): string {
  return detail ? `${name} (${detail})` : name;
}
