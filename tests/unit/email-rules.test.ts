// Sign-up e-mail rules (issue 33, part 4): the spec's named domains and refused local parts, the words
// (example, test, temp, fake, throwaway) only as whole labels of the domain, and the maintained list of
// disposable domains (server side), each refusal with its reason. Real addresses whose domain merely
// contains one of the words are accepted.
import { describe, expect, it } from "vitest";
import { emailRefusal, normalizeEmail } from "~/lib/email-rules";
import { isDisposableAddress } from "~/services/accounts/disposable-email.server";

describe("the rules the browser and the server share", () => {
  it.each([
    "someone@mailinator.com",
    "someone@throwaway.email",
    "someone@YOPMAIL.com",
    "someone@test.ca",
    "someone@temp-inbox.ca",
    "someone@my-temp-box.ca",
    "someone@fake.net",
    "someone@example.org",
    "someone@mail.example.com",
    "someone@inbox-throwaway.ca",
  ])("refuses %s as a temporary address", (email) => {
    expect(emailRefusal(email)).toBe("errors.emailTemporary");
  });

  it.each([
    "test@videotron.ca",
    "fake@videotron.ca",
    "temp@videotron.ca",
    "example@videotron.ca",
    "admin@videotron.ca",
    "USER@videotron.ca",
  ])("refuses %s as a placeholder address", (email) => {
    expect(emailRefusal(email)).toBe("errors.emailPlaceholder");
  });

  it.each([
    "sophie@tempslibre.ca",
    "luc@contemporain.ca",
    "marie@attestation.qc.ca",
    "jo@fakeoff.ca",
    "ann@mytestbox.ca",
    "marie.tremblay@videotron.ca",
    "testing.jo@gmail.com",
    "users@bell.net",
    "ad@recircle-mail.ca",
    "sam@exemple.fr",
  ])("accepts %s", (email) => {
    expect(emailRefusal(email)).toBeNull();
  });

  it("normalises case and spaces", () => {
    expect(normalizeEmail("  Marie@Videotron.CA ")).toBe("marie@videotron.ca");
  });
});

describe("the maintained list of disposable domains (server)", () => {
  it.each([
    "a@mailinator.com",
    "a@guerrillamail.com",
    "a@10minutemail.com",
    "a@sharklasers.com",
    "a@YopMail.com",
    "a@sub.mailinator.com",
  ])("knows %s", (email) => {
    expect(isDisposableAddress(email)).toBe(true);
  });

  it.each([
    "a@videotron.ca",
    "a@bell.net",
    "a@gmail.com",
    "a@tempslibre.ca",
    "a@contemporain.ca",
    "a@umontreal.ca",
    "a@com",
  ])("does not list %s", (email) => {
    expect(isDisposableAddress(email)).toBe(false);
  });
});
