import { parseWithZod } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { ResetPasswordSchema, SignInSchema, SignUpSchema } from "~/lib/auth-schemas";

function form(values: Record<string, string>) {
  const data = new FormData();
  for (const [k, v] of Object.entries(values)) data.set(k, v);
  return data;
}

function errors(schema: Parameters<typeof parseWithZod>[1]["schema"], values: Record<string, string>) {
  const submission = parseWithZod(form(values), { schema });
  return submission.status === "success" ? {} : submission.reply().error;
}

describe("sign-up form", () => {
  it("requires an e-mail", () => {
    expect(errors(SignUpSchema, { password: "abcdef", confirmPassword: "abcdef" })?.email?.[0]).toBe(
      "errors.emailRequired",
    );
  });
  it("rejects a malformed e-mail", () => {
    expect(errors(SignUpSchema, { email: "nope", password: "abcdef", confirmPassword: "abcdef" })?.email?.[0]).toBe(
      "errors.emailInvalid",
    );
  });
  it("rejects disposable addresses", () => {
    expect(
      errors(SignUpSchema, { email: "a@mailinator.com", password: "abcdef", confirmPassword: "abcdef" })?.email?.[0],
    ).toBe("errors.emailTemporary");
  });
  it("needs 6 characters of password, exactly at the boundary", () => {
    expect(
      errors(SignUpSchema, { email: "a@bell.net", password: "abcde", confirmPassword: "abcde" })?.password?.[0],
    ).toBe("errors.passwordMin");
    expect(errors(SignUpSchema, { email: "a@bell.net", password: "abcdef", confirmPassword: "abcdef" })).toEqual({});
  });
  it("puts the mismatch on the confirmation field", () => {
    expect(
      errors(SignUpSchema, { email: "a@bell.net", password: "abcdef", confirmPassword: "abcdeg" })
        ?.confirmPassword?.[0],
    ).toBe("errors.passwordsDontMatch");
  });
  it("upper-cases the postal prefix and refuses anything else", () => {
    const ok = parseWithZod(
      form({ email: "a@bell.net", password: "abcdef", confirmPassword: "abcdef", postalFsa: "h2x" }),
      {
        schema: SignUpSchema,
      },
    );
    expect(ok.status === "success" && ok.value.postalFsa).toBe("H2X");
    expect(
      errors(SignUpSchema, { email: "a@bell.net", password: "abcdef", confirmPassword: "abcdef", postalFsa: "22X" })
        ?.postalFsa?.[0],
    ).toBe("errors.postalFsaInvalid");
  });
});

describe("sign-in and reset forms", () => {
  it("sign-in requires a password", () => {
    expect(errors(SignInSchema, { email: "a@bell.net" })?.password?.[0]).toBe("errors.passwordRequired");
  });
  it("reset needs matching passwords of 6 characters", () => {
    expect(
      errors(ResetPasswordSchema, { token: "t", newPassword: "abc", confirmPassword: "abc" })?.newPassword?.[0],
    ).toBe("errors.passwordMin");
    expect(
      errors(ResetPasswordSchema, { token: "t", newPassword: "abcdef", confirmPassword: "abcdeX" })
        ?.confirmPassword?.[0],
    ).toBe("errors.passwordsDontMatch");
  });
});
