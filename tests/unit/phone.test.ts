// Phone numbers shown nationally (issue 42 part 11) and read back from any typed form (the admin search).
import { describe, expect, it } from "vitest";
import { formatPhoneNational, phoneSearchDigits } from "~/lib/phone";

describe("formatPhoneNational", () => {
  it("shows a North American number as Quebec writes it", () => {
    expect(formatPhoneNational("+15145550142")).toBe("514 555-0142");
    expect(formatPhoneNational("+14385550199")).toBe("438 555-0199");
  });

  it("shows another country's number in its international form, and nothing for none", () => {
    expect(formatPhoneNational("+33123456789")).toBe("+33 1 23 45 67 89");
    expect(formatPhoneNational(null)).toBe("");
    expect(formatPhoneNational(undefined)).toBe("");
    expect(formatPhoneNational("")).toBe("");
    expect(formatPhoneNational("not a number")).toBe("not a number");
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
