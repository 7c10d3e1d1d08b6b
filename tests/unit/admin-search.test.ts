// The admin search's reading of a typed text (issue 42 part 9): which keys it is searched by, folded
// without case or accents, and the limits of the box.
import { describe, expect, it } from "vitest";
import { fold, readSearchQuery, searchKeys } from "~/lib/admin-search";

describe("the admin search's keys", () => {
  it("an @ searches e-mail addresses only", () => {
    expect(searchKeys("Marie.Tremblay@Bell")).toEqual({
      key: "email",
      value: "marie.tremblay@bell",
      confirmation: null,
    });
  });

  it("a phone number in any typed form searches phone numbers only, by its national digits", () => {
    for (const typed of ["514 555-0142", "(514) 555-0142", "+15145550142"]) {
      expect(searchKeys(typed)).toMatchObject({ key: "phone", value: "5145550142" });
    }
  });

  it("anything else searches names and addresses, folded; a confirmation number's shape also its pickups", () => {
    expect(searchKeys("Côté  Saint-Urbain")).toEqual({ key: "text", value: "cote saint-urbain", confirmation: null });
    expect(searchKeys("k7m2-qx9p")).toMatchObject({ key: "text", confirmation: "K7M2QX9P" });
    expect(searchKeys("K7M2")).toMatchObject({ confirmation: "K7M2" });
    // Accents, other signs or more than 12 letters and digits: no pickup number.
    expect(searchKeys("Côté").confirmation).toBeNull();
    expect(searchKeys("4512 rue Saint-Urbain").confirmation).toBeNull();
    expect(searchKeys("o'brien").confirmation).toBeNull();
    expect(searchKeys("tremblay").confirmation).toBe("TREMBLAY");
  });

  it("folds case, accents and ligatures", () => {
    expect(fold("  Véronique  CÔTÉ-Œuvre ")).toBe("veronique cote-oeuvre");
  });

  it("reads the box: control characters out, at least 2 and at most 100 characters", () => {
    expect(readSearchQuery(" a\u0000b\n c ")).toEqual({ text: "a b c", problem: null });
    expect(readSearchQuery("a")).toEqual({ text: "a", problem: "tooShort" });
    expect(readSearchQuery("")).toEqual({ text: "", problem: null });
    expect(readSearchQuery(null)).toEqual({ text: "", problem: null });
    expect(readSearchQuery("x".repeat(101)).problem).toBe("tooLong");
  });
});
