// Canadian postal codes and their three-character prefixes (forward sortation areas).
// First letters Canada uses; D, F, I, O, Q, U, W and Z never start a postal code.
const FIRST = "ABCEGHJKLMNPRSTVXY";
// D, F, I, O, Q and U never appear in a postal code at all.
const OTHER = "ABCEGHJKLMNPRSTVWXYZ";

/** "H2X 3K2" with its space. */
export const POSTAL_CODE_MAX = 7;

const FSA_PATTERN = new RegExp(`^[${FIRST}][0-9][${OTHER}]$`);
/** Spec section 5's shape, the one every postal-code check and search in the app is built from. */
const SHAPE = "([A-Z]\\d[A-Z])[ -]?(\\d[A-Z]\\d)";
const POSTAL_PATTERN = new RegExp(`^${SHAPE}$`);
const POSTAL_AT_END = new RegExp(`${SHAPE}\\s*$`, "i");

/** Upper-cases and keeps the first 3 characters, the way the postal-check field does as one types. */
export function cleanFsaInput(value: string): string {
  return value.replace(/\s+/g, "").toUpperCase().slice(0, 3);
}

export function isCanadianFsa(value: string): boolean {
  return FSA_PATTERN.test(value);
}

/** Spec section 5: letter-digit-letter, optional space or hyphen, digit-letter-digit. */
export function isValidPostalCode(value: string): boolean {
  return POSTAL_PATTERN.test(value.trim().toUpperCase());
}

/** 'h2x3k2' or 'H2X-3K2' → 'H2X 3K2'. Returns the input upper-cased when it is not a postal code. */
export function normalizePostalCode(value: string): string {
  const upper = value.trim().toUpperCase();
  if (!POSTAL_PATTERN.test(upper)) return upper;
  const compact = upper.replace(/[ -]/g, "");
  return `${compact.slice(0, 3)} ${compact.slice(3)}`;
}

/** The postal code ending an address line ('..., Montréal, QC h2x3j8'), as 'H2X 3J8'; null when none ends it. */
export function postalCodeAtEnd(line: string): string | null {
  const match = POSTAL_AT_END.exec(line.trim());
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : null;
}

/** A postal code written the one way the app stores and shows it: 'H2X 3K2'. */
export function isNormalPostalCode(value: string): boolean {
  return POSTAL_PATTERN.test(value) && value[3] === " ";
}

export function fsaOf(postalCode: string): string {
  return postalCode.trim().toUpperCase().slice(0, 3);
}

/** The service only operates in Montreal, whose prefixes all start with H. */
export function isMontrealFsa(fsa: string): boolean {
  return fsa.toUpperCase().startsWith("H");
}
