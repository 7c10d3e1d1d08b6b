// The profile form and PUT /api/auth/profile body (spec section 5), shared by the page, the API and the
// browser's inline hints. Messages are translation keys of the "profile" namespace.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";
import { z } from "zod";
import { DEFAULT_PROVINCE, PROVINCES } from "./address-selection";
import { provinceCode } from "./province-names";
import { isValidPostalCode, normalizePostalCode } from "./postal";
import { PICKUP_NOTES_MAX } from "./profile-limits";

const NAME_MAX = 100;
const STREET_MAX = 200;
const UNIT_MAX = 20;
const CITY_MAX = 100;
const PHONE_MAX = 30;
const POSITION_TOKEN_MAX = 1000;

/** A phone number as typed ('514 555-0123', '+1 (438) 555 0199'): E.164 ('+15145550123'), or null when it is none. */
function toE164(raw: string): string | null {
  const phone = parsePhoneNumberFromString(raw, "CA");
  return phone?.isValid() ? phone.number : null;
}

/** A required text: a missing field (form or JSON) and a blank one get the same message. */
function requiredText(message: string, max: number) {
  return z
    .string({ required_error: message, invalid_type_error: message })
    .trim()
    .min(1, message)
    .max(max, "profile:errors.tooLong");
}

export const AddressSchema = z.object({
  firstName: requiredText("profile:errors.nameRequired", NAME_MAX),
  lastName: requiredText("profile:errors.nameRequired", NAME_MAX),
  streetAddress: requiredText("profile:errors.streetRequired", STREET_MAX),
  unit: z
    .string({ invalid_type_error: "profile:errors.tooLong" })
    .trim()
    .max(UNIT_MAX, "profile:errors.tooLong")
    .nullish()
    .transform((value) => value ?? ""),
  city: requiredText("profile:errors.cityRequired", CITY_MAX),
  // The form always sends one from its list; the API may leave it out (default QC) or send a name. Only a
  // string is read as a name: ["QC"] or {} is no province (String() would turn ["QC"] into "QC").
  province: z.preprocess(
    (value) =>
      value === undefined || value === null || value === ""
        ? DEFAULT_PROVINCE
        : typeof value === "string"
          ? (provinceCode(value) ?? value)
          : value,
    z.enum(PROVINCES, { errorMap: () => ({ message: "profile:errors.provinceInvalid" }) }),
  ),
  postalCode: z
    .string({ required_error: "profile:errors.postalRequired", invalid_type_error: "profile:errors.postalRequired" })
    .trim()
    .toUpperCase()
    .min(1, "profile:errors.postalRequired")
    // A blank code already has its own message; the pattern also caps the length (POSTAL_CODE_MAX).
    .refine((value) => value === "" || isValidPostalCode(value), "profile:errors.postalInvalid")
    .transform(normalizePostalCode),
});

/** For the driver, both optional: where the bags will be, and a phone number (kept as E.164). */
export const DriverInfoSchema = z.object({
  pickupNotes: z
    .string({ invalid_type_error: "profile:errors.notesTooLong" })
    .trim()
    .max(PICKUP_NOTES_MAX, "profile:errors.notesTooLong")
    .nullish()
    .transform((value) => value ?? ""),
  phone: z
    .string({ invalid_type_error: "profile:errors.phoneInvalid" })
    .trim()
    .max(PHONE_MAX, "profile:errors.phoneInvalid")
    .nullish()
    .transform((value, ctx) => {
      if (!value) return null;
      const e164 = toE164(value);
      if (!e164) ctx.addIssue({ code: z.ZodIssueCode.custom, message: "profile:errors.phoneInvalid" });
      return e164;
    }),
});

/**
 * The postal code of the address picked from the suggestions (a hidden field the picker fills; absent
 * when the address was typed): a different postal code typed over it is refused.
 */
const SuggestionSchema = z.object({
  suggestedPostalCode: z
    .string({ invalid_type_error: "profile:errors.postalNotSuggested" })
    .trim()
    .toUpperCase()
    .nullish()
    .transform((value) => (value ? value : null)),
  /**
   * The server's signed position of the picked suggestion (GET /api/address-suggestions' positionToken):
   * the save keeps its coordinates when it is this address. Absent, blank or too long: none.
   */
  positionToken: z
    .string({ invalid_type_error: "profile:errors.selectFromDropdown" })
    .trim()
    .nullish()
    .transform((value) => (value && value.length <= POSITION_TOKEN_MAX ? value : null)),
});

/** The whole profile (form and PUT /api/auth/profile): a field for the driver left out is cleared. */
export const ProfileSchema = AddressSchema.merge(DriverInfoSchema)
  .merge(SuggestionSchema)
  .superRefine((profile, ctx) => {
    const suggested = profile.suggestedPostalCode;
    if (suggested === null || !isValidPostalCode(suggested)) return;
    if (normalizePostalCode(suggested) !== profile.postalCode) {
      ctx.addIssue({ code: z.ZodIssueCode.custom, path: ["postalCode"], message: "profile:errors.postalNotSuggested" });
    }
  });

export type ProfileInput = z.output<typeof ProfileSchema>;

/**
 * PUT /api/auth/profile's message choices (issue 35): reminders on or off and by which channel, service
 * alerts, the day-after e-mails. Each is optional: one left out keeps its value.
 */
const MessageChoicesApiSchema = z.object({
  remindersEnabled: z.boolean().optional(),
  reminderChannels: z.enum(["email", "sms", "both"]).optional(),
  alertsEnabled: z.boolean().optional(),
  dayAfterEnabled: z.boolean().optional(),
});

/** The whole of PUT /api/auth/profile's body: the profile and, optionally, the message choices. */
export const ProfileApiSchema = ProfileSchema.and(MessageChoicesApiSchema);
