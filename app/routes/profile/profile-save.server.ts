// The profile form's server side: reading the posted form (ProfileSchema, with the address picked without
// JavaScript) and the phone number as the form shows it. Kept out of route.tsx so the browser's bundle of
// /profile does not carry zod's schema and libphonenumber's metadata, which only the server uses (issue 44).
import { parseWithZod } from "@conform-to/zod";
import { formatPhoneOrNull } from "~/lib/phone";
import { ProfileSchema } from "~/lib/profile-schema";
import { withPickedAddress } from "./address-lookup.server";

/** The posted profile form, parsed (a picked suggestion of "Find my address" folded in). */
export function parseProfileForm(formData: FormData) {
  return parseWithZod(withPickedAddress(formData), { schema: ProfileSchema });
}

/** A stored phone number (E.164) as the profile shows it, or null when there is none. */
export function profilePhone(phone: string | null): string | null {
  return formatPhoneOrNull(phone);
}
