// Phone numbers as people read them (issue 42 part 11): stored E.164 ("+15145550142"), shown nationally
// ("514 555-0142", the Quebec way: a space after the area code, a hyphen in the number). A number from
// outside North America keeps its international form ("+33 1 23 45 67 89"); anything that is not a phone
// number is shown as it was typed. Pure, but it carries libphonenumber's metadata: call it on the server
// (loaders, services, e-mails), not in a component, so no page's browser bundle grows by it.
import { parsePhoneNumberFromString } from "libphonenumber-js/min";

/** North America's numbering plan (Canada, the United States...): country calling code 1. */
const NANP = "1";

/** "+15145550142" → "514 555-0142"; "+33123456789" → "+33 1 23 45 67 89"; "call me" → "call me". */
export function formatPhoneNational(value: string): string {
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
