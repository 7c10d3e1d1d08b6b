// Phone numbers shown nationally (issue 42 part 11): stored E.164, read as "514 555-0142".
import { describe, expect, it } from "vitest";
import { formatPhoneNational, formatPhoneOrNull } from "~/lib/phone";

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
  });
});
