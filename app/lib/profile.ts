// What a complete pickup address is, and its one-line form.
export type AddressFields = {
  firstName: string;
  lastName: string;
  streetAddress: string;
  unit: string;
  city: string;
  province: string;
  postalCode: string;
};

/** What the driver may know besides the address: where the bags will be, a phone number (both may be empty). */
export type DriverInfo = { pickupNotes: string; phone: string };

/** Checkout needs a name, street, city, province and postal code (spec section 4). */
export function isProfileComplete(user: AddressFields): boolean {
  return Boolean(
    user.firstName.trim() &&
    user.lastName.trim() &&
    user.streetAddress.trim() &&
    user.city.trim() &&
    user.province.trim() &&
    user.postalCode.trim(),
  );
}

/** '1234 Rue Saint-Denis, Unit 5, Montréal, QC H2X 3K2' — the pickup's address as one line. */
export function addressLine(user: AddressFields, unitLabel = "Unit"): string {
  const unit = user.unit.trim() ? `${unitLabel} ${user.unit.trim()}` : "";
  return [user.streetAddress.trim(), unit, user.city.trim(), `${user.province.trim()} ${user.postalCode.trim()}`.trim()]
    .filter(Boolean)
    .join(", ");
}

/**
 * A stored one-line address (its unit written 'Unit 4' by addressLine) as said in `lng`: French says
 * 'app. 4'. Only the unit's own segment, the one right after the street, is touched.
 */
export function addressIn(line: string, lng: string): string {
  return lng.startsWith("fr") ? line.replace(/^([^,]+), Unit (?=[^,]+(?:,|$))/, "$1, app. ") : line;
}

/** For 'once per address' promo rules: case, accents, punctuation and spacing do not matter. */
export function normalizeAddress(user: Pick<AddressFields, "streetAddress" | "unit" | "postalCode">): string {
  const clean = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[\u0300-\u036f]/g, "")
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, " ")
      .trim();
  return [clean(user.streetAddress), clean(user.unit), clean(user.postalCode).replace(/ /g, "")].join("|");
}
