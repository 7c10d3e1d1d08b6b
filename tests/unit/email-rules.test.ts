import { describe, expect, it } from "vitest";
import { isRejectedSignupEmail, normalizeEmail } from "~/lib/email-rules";

describe("sign-up e-mail rules", () => {
  it.each([
    "someone@mailinator.com",
    "someone@throwaway.email",
    "someone@YOPMAIL.com",
    "someone@mytestbox.ca",
    "someone@temp-inbox.ca",
    "someone@fakemail.net",
    "someone@example.org",
    "test@videotron.ca",
    "fake@videotron.ca",
    "temp@videotron.ca",
    "example@videotron.ca",
    "admin@videotron.ca",
    "user@videotron.ca",
  ])("refuses %s", (email) => {
    expect(isRejectedSignupEmail(email)).toBe(true);
  });

  it.each(["marie.tremblay@videotron.ca", "testing.jo@gmail.com", "users@bell.net", "ad@recircle-mail.ca"])(
    "accepts %s",
    (email) => {
      expect(isRejectedSignupEmail(email)).toBe(false);
    },
  );

  it("normalises case and spaces", () => {
    expect(normalizeEmail("  Marie@Videotron.CA ")).toBe("marie@videotron.ca");
  });
});
