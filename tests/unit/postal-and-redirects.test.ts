import { describe, expect, it } from "vitest";
import { cleanFsaInput, isCanadianFsa, isValidPostalCode, normalizePostalCode } from "~/lib/postal";
import { safeRedirect } from "~/lib/safe-redirect";

describe("postal codes", () => {
  it("accepts Canadian prefixes only", () => {
    for (const fsa of ["H2X", "K1A", "A1A", "V6B", "X0A"]) expect(isCanadianFsa(fsa)).toBe(true);
    for (const fsa of ["D1A", "W1A", "Z1A", "H2", "HH2", "H2XX", "12A", "H2D", "h2x"])
      expect(isCanadianFsa(fsa)).toBe(false);
  });
  it("cleans typed input like the field does", () => {
    expect(cleanFsaInput(" h2x 3k2")).toBe("H2X");
  });
  it("validates and normalises full postal codes", () => {
    expect(isValidPostalCode("h2x3k2")).toBe(true);
    expect(isValidPostalCode("H2X-3K2")).toBe(true);
    expect(isValidPostalCode("H2X 3K")).toBe(false);
    expect(normalizePostalCode("h2x-3k2")).toBe("H2X 3K2");
    expect(normalizePostalCode(" h2x3k2 ")).toBe("H2X 3K2");
  });
});

describe("safe redirects", () => {
  it("keeps local paths", () => {
    expect(safeRedirect("/history")).toBe("/history");
    expect(safeRedirect("/order/AB12?x=1")).toBe("/order/AB12?x=1");
  });
  it("refuses other sites and odd values", () => {
    for (const bad of [
      "//evil.example",
      "https://evil.example",
      "/\\evil.example",
      "history",
      "",
      null,
      undefined,
      "/a\nb",
    ]) {
      expect(safeRedirect(bad, "/")).toBe("/");
    }
  });
});
