// Form schemas for accounts, shared by the server (authoritative) and the browser (inline hints).
// Every message is a translation key of the "common" namespace.
import { z } from "zod";
import { BASIC_EMAIL_PATTERN, emailRefusal, normalizeEmail } from "./email-rules";
import { isCanadianFsa } from "./postal";

export const PASSWORD_MIN = 6;

const emailField = z
  .string({ required_error: "errors.emailRequired" })
  .trim()
  .min(1, "errors.emailRequired")
  .max(254, "errors.emailInvalid")
  .email("errors.emailInvalid")
  .regex(BASIC_EMAIL_PATTERN, "errors.emailInvalid")
  .transform(normalizeEmail);

/** An address that may open an account: each refusal with its reason (a temporary or placeholder address). */
export const signUpEmailField = emailField.superRefine((email, ctx) => {
  const refusal = emailRefusal(email);
  if (refusal) ctx.addIssue({ code: "custom", message: refusal });
});

const passwordField = z
  .string({ required_error: "errors.passwordRequired" })
  .min(1, "errors.passwordRequired")
  .min(PASSWORD_MIN, "errors.passwordMin")
  .max(200, "errors.passwordMax");

export const SignUpSchema = z
  .object({
    email: signUpEmailField,
    password: passwordField,
    confirmPassword: z.string({ required_error: "errors.confirmRequired" }).max(200),
    postalFsa: z
      .string()
      .trim()
      .toUpperCase()
      .max(3)
      .refine((fsa) => fsa === "" || isCanadianFsa(fsa), "errors.postalFsaInvalid")
      .optional(),
  })
  .refine((value) => value.password === value.confirmPassword, {
    message: "errors.passwordsDontMatch",
    path: ["confirmPassword"],
  });

export const SignInSchema = z.object({
  email: emailField,
  password: z
    .string({ required_error: "errors.passwordRequired" })
    .min(1, "errors.passwordRequired")
    .max(200, "errors.passwordMax"),
});

export const ForgotPasswordSchema = z.object({ email: emailField });

export const ResetPasswordSchema = z
  .object({
    token: z.string({ required_error: "errors.invalidResetLink" }).min(1).max(200),
    newPassword: passwordField,
    confirmPassword: z.string({ required_error: "errors.confirmRequired" }).max(200),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "errors.passwordsDontMatch",
    path: ["confirmPassword"],
  });

/** The JSON API's register payload (spec section 7) has no confirmation field. */
export const RegisterApiSchema = z.object({
  email: signUpEmailField,
  password: passwordField,
  postalFsa: z
    .string()
    .trim()
    .toUpperCase()
    .refine((fsa) => fsa === "" || isCanadianFsa(fsa), "errors.postalFsaInvalid")
    .optional(),
});

export const ResetPasswordApiSchema = z.object({
  token: z.string().min(1, "errors.invalidResetLink").max(200),
  newPassword: passwordField,
});

const currentPasswordField = z
  .string({ required_error: "errors.passwordRequired" })
  .min(1, "errors.passwordRequired")
  .max(200, "errors.passwordMax");

/** The profile's Change password form: the current password, then the new one twice (sign-up's rules). */
export const ChangePasswordSchema = z
  .object({
    currentPassword: currentPasswordField,
    newPassword: passwordField,
    confirmPassword: z.string({ required_error: "errors.confirmRequired" }).max(200),
  })
  .refine((value) => value.newPassword === value.confirmPassword, {
    message: "errors.passwordsDontMatch",
    path: ["confirmPassword"],
  })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: "errors.newPasswordSame",
    path: ["newPassword"],
  });

/** POST /api/auth/change-password: no confirmation field, like the register payload. */
export const ChangePasswordApiSchema = z
  .object({ currentPassword: currentPasswordField, newPassword: passwordField })
  .refine((value) => value.newPassword !== value.currentPassword, {
    message: "errors.newPasswordSame",
    path: ["newPassword"],
  });
