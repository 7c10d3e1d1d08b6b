// Whether a suggestion picked from the address look-up is usable (spec section 5, "Address selection"). Pure:
// shared by the geocoders on the server and the profile's street field in the browser, which fetches it only
// once a list of suggestions has come.
import { PROVINCES, type AddressSuggestion, type Province } from "./address-selection";
import { isValidPostalCode } from "./postal";

function isProvince(value: unknown): value is Province {
  return typeof value === "string" && (PROVINCES as readonly string[]).includes(value);
}

/**
 * Why a picked suggestion cannot be used, as a translation key, or null when it is fine: it needs a
 * position, then a street, city, province and valid postal code.
 */
export function checkAddressSelection(selection: Partial<AddressSuggestion> | null | undefined): string | null {
  if (!selection || !Number.isFinite(selection.lat) || !Number.isFinite(selection.lng)) {
    return "profile:errors.selectFromDropdown";
  }
  const complete =
    Boolean(selection.streetAddress?.trim()) &&
    Boolean(selection.city?.trim()) &&
    isProvince(selection.province) &&
    isValidPostalCode(selection.postalCode ?? "");
  return complete ? null : "profile:errors.incompleteAddress";
}
