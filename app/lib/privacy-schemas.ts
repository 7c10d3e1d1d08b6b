// The Delete my account form (page and DELETE /api/auth/account): the password, asked again.
import { z } from "zod";

export const DeleteAccountSchema = z.object({
  password: z
    .string({ required_error: "errors.passwordRequired" })
    .min(1, "errors.passwordRequired")
    .max(200, "errors.passwordMax"),
});

/** The profile's session buttons: sign out one session (by its handle), or every other one. */
export const SIGN_OUT_SESSION_INTENT = "sign-out-session";
export const SIGN_OUT_OTHERS_INTENT = "sign-out-others";
