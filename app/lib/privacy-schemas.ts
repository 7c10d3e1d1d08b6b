// The Delete my account form (page and DELETE /api/auth/account): the password, asked again.
import { z } from "zod";

export const DeleteAccountSchema = z.object({
  password: z
    .string({ required_error: "errors.passwordRequired" })
    .min(1, "errors.passwordRequired")
    .max(200, "errors.passwordMax"),
});
