// Schemas for the visitor's service-area check and waitlist, shared by the page actions and the JSON API.
// Messages are translation keys ("common" by default, "visitor:" for this feature's own texts).
import { z } from "zod";
import { BASIC_EMAIL_PATTERN, normalizeEmail } from "./email-rules";
import { isCanadianFsa } from "./postal";

/** Why someone is on the waitlist: the two values of the spec's building_access field. */
export const WAITLIST_REASONS = ["No Direct Access", "Outside Service Area"] as const;
export type WaitlistReason = (typeof WAITLIST_REASONS)[number];

/** A postal prefix as typed or sent: trimmed, upper-cased, then exactly a Canadian FSA. */
export const FsaSchema = z
  .string({ required_error: "errors.postalFsaInvalid", invalid_type_error: "errors.postalFsaInvalid" })
  .trim()
  .toUpperCase()
  .refine(isCanadianFsa, "errors.postalFsaInvalid");

const nameField = z
  .string({ required_error: "visitor:waitlist.nameRequired", invalid_type_error: "visitor:waitlist.nameRequired" })
  .trim()
  .min(1, "visitor:waitlist.nameRequired")
  .max(100, "visitor:waitlist.nameTooLong");

/** The waitlist only checks that the address looks like one; it does not refuse any domain. */
const emailField = z
  .string({ required_error: "errors.emailRequired", invalid_type_error: "errors.emailInvalid" })
  .trim()
  .min(1, "errors.emailRequired")
  .max(254, "errors.emailInvalid")
  .regex(BASIC_EMAIL_PATTERN, "errors.emailInvalid")
  .transform(normalizeEmail);

const reasonField = z.enum(WAITLIST_REASONS, {
  errorMap: () => ({ message: "visitor:waitlist.reasonInvalid" }),
});

/** The form on the not-available result (field names of the page). */
export const WaitlistFormSchema = z.object({
  name: nameField,
  email: emailField,
  fsa: FsaSchema,
  reason: reasonField,
});

/** POST /api/waitlist, with the spec's payload names. */
export const WaitlistApiSchema = z.object({
  email: emailField,
  name: nameField,
  postal_code: FsaSchema,
  building_access: reasonField,
});

export type WaitlistInput = { name: string; email: string; fsa: string; reason: WaitlistReason };
