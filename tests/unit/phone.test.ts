// Phone numbers shown nationally (issue 42 part 11): stored E.164, read as "514 555-0142".
import { describe, expect, it } from "vitest";
import { formatPhoneNational, formatPhoneOrNull, phoneSearchDigits } from "~/lib/phone";

describe("formatPhoneNational", () => {
  it("shows a Montreal number the Quebec way", () => {
    expect(formatPhoneNational("+15145550142")).toBe("514 555-0142");
    expect(formatPhoneNational("+14385550199")).toBe("438 555-0199");
    expect(formatPhoneNational("+12635550100")).toBe("263 555-0100");
  });

  it("reads a number typed without +1 as Canadian (the support number's setting)", () => {
    expect(formatPhoneNational("514-555-0199")).toBe("514 555-0199");
    expect(formatPhoneNational("(514) 555-0142")).toBe("514 555-0142");
    expect(formatPhoneNational("1 800 555 0199")).toBe("800 555-0199");
  });

  it("keeps a number from outside North America international", () => {
    expect(formatPhoneNational("+33123456789")).toBe("+33 1 23 45 67 89");
    expect(formatPhoneNational("+442071838750")).toBe("+44 20 7183 8750");
  });

  it("shows anything that is not a phone number as it was typed", () => {
    for (const garbage of ["call me", "", "   ", "+1555", "12", "+15145550142 ext. 12", "☎ 514"]) {
      expect(formatPhoneNational(garbage)).toBe(garbage);
    }
  });

  it("leaves a missing number missing", () => {
    expect(formatPhoneOrNull(null)).toBeNull();
    expect(formatPhoneOrNull(undefined)).toBeNull();
    expect(formatPhoneOrNull("+15145550142")).toBe("514 555-0142");
    expect(formatPhoneNational(null)).toBe("");
    expect(formatPhoneNational(undefined)).toBe("");
  });
});

describe("phoneSearchDigits", () => {
  it("reads every typed form of one number to the same digits", () => {
    for (const typed of ["514 555-0142", "(514) 555-0142", "+15145550142", "1-514-555-0142", "514.555.0142"]) {
      expect(phoneSearchDigits(typed), typed).toBe("5145550142");
    }
    expect(phoneSearchDigits("555-0142")).toBe("5550142");
  });

  it("is no phone number with letters or too few digits", () => {
    expect(phoneSearchDigits("4512 rue Saint-Denis")).toBeNull();
    expect(phoneSearchDigits("4512")).toBeNull();
    expect(phoneSearchDigits("K7M2-QX9P")).toBeNull();
    expect(phoneSearchDigits("%_%")).toBeNull();
  });
});
