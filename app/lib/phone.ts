// Phone numbers as people read and type them (issue 42 parts 9 and 11): stored E.164 ("+15145550142"), shown
// nationally ("514 555-0142", the Quebec way: a space after the area code, a hyphen in the number), and a typed
// number in any form read back to the digits an admin search matches. A number from outside North America keeps
// its international form ("+33 1 23 45 67 89"); anything that is not a phone number is shown as it was typed.
// Pure, but it carries libphonenumber's metadata: call it on the server (loaders, services, e-mails), not in a
// component, so no page's browser bundle grows by it.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** North America's numbering plan (Canada, the United States...): country calling code 1. */
const NANP = "1";

/** "+15145550142" → "514 555-0142"; "+33123456789" → "+33 1 23 45 67 89"; "call me" → "call me"; none → "". */
export function formatPhoneNational(value: string | null | undefined): string {
  if (!value) return "";
  const typed = value.trim();
  // Without a leading +, a number is read as Canadian (the support number "514-555-0199").
  const parsed = typed ? parsePhoneNumberFromString(typed, "CA") : undefined;
  // An extension has no one way to be written in both languages: such a number stays as it was typed.
  if (!parsed || !parsed.isPossible() || parsed.ext) return value;
  if (parsed.countryCallingCode === NANP) {
    const n = parsed.nationalNumber;
    return `${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6)}`;
  }
  return parsed.formatInternational();
}

/** The same for a number that may be missing: null stays null. */
export function formatPhoneOrNull(value: string | null | undefined): string | null {
  return value ? formatPhoneNational(value) : null;
}

/** Characters a typed phone number is made of: digits, spaces, + ( ) . - */
const PHONE_SHAPED = /^[\d\s+().-]+$/;

/**
 * The digits a search by phone looks for in stored numbers, or null when the text is no phone number
 * (letters, or fewer than 7 digits): "514 555-0142", "(514) 555-0142", "+15145550142" and "1-514-555-0142"
 * all give "5145550142"; a partial "555-0142" gives "5550142".
 */
export function phoneSearchDigits(text: string): string | null {
  if (!PHONE_SHAPED.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  const phone = parsePhoneNumberFromString(text.trim(), "CA");
  if (phone?.isValid()) return phone.countryCallingCode === NANP ? phone.nationalNumber : phone.number.slice(1);
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}
