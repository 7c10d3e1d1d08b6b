// Phone numbers as people read and type them: stored in E.164 ('+15145550142'), shown nationally
// ('514 555-0142'), and a typed number in any form read back to the digits an admin search matches.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/**
 * '+15145550142' → '514 555-0142' (Canada and the US, as Quebec writes them); a number of another country
 * in its international form ('+33 1 23 45 67 89'); '' for none; anything unreadable as it was stored.
 */
export function formatPhoneNational(e164: string | null | undefined): string {
  if (!e164) return "";
  const phone = parsePhoneNumberFromString(e164, "CA");
  if (!phone?.isValid()) return e164;
  if (phone.countryCallingCode !== "1") return phone.formatInternational();
  const n = phone.nationalNumber;
  return `${n.slice(0, 3)} ${n.slice(3, 6)}-${n.slice(6)}`;
}

/** Characters a typed phone number is made of: digits, spaces, + ( ) . - */
const PHONE_SHAPED = /^[\d\s+().-]+$/;

/**
 * The digits a search by phone looks for in stored numbers, or null when the text is no phone number
 * (letters, or fewer than 7 digits): '514 555-0142', '(514) 555-0142', '+15145550142' and '1-514-555-0142'
 * all give '5145550142'; a partial '555-0142' gives '5550142'.
 */
export function phoneSearchDigits(text: string): string | null {
  if (!PHONE_SHAPED.test(text)) return null;
  const digits = text.replace(/\D/g, "");
  if (digits.length < 7 || digits.length > 15) return null;
  const phone = parsePhoneNumberFromString(text.trim(), "CA");
  if (phone?.isValid()) return phone.countryCallingCode === "1" ? phone.nationalNumber : phone.number.slice(1);
  return digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
}
