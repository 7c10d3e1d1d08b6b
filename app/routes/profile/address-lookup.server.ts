// The profile's address look-up without JavaScript (issue 42): "Find my address" posts the form (its
// submit control named findAddress); the answer (a refused form's, so it comes back through a 303 and the page's GET)
// keeps what was typed and lists the addresses the geocoder found, each a button carrying the address's
// signed position token. Pressing one saves the profile with that address: its street, city, province and
// postal code replace the typed ones and its token keeps its coordinates, as a pick does with JavaScript.
import { FIND_ADDRESS_FIELD, PICKED_ADDRESS_FIELD } from "~/lib/profile-intents";
import { signedSuggestions } from "~/services/areas/geocoder/geocoder.server";
import { readPositionToken } from "~/services/areas/geocoder/suggestion-token.server";
import { rateLimited, reject, submissionOf } from "../../services/http/forms.server";
import { getLanguage } from "../../services/http/language.server";

/** The look-up's answer, or null when the form is another one. */
export async function findAddressIntent(request: Request, formData: FormData) {
  if (!formData.has(FIND_ADDRESS_FIELD)) return null;
  const typed = new FormData();
  for (const [name, value] of formData) if (name !== FIND_ADDRESS_FIELD) typed.append(name, value);
  const submission = submissionOf(typed);
  const limited = rateLimited(request, "addressLookup", submission);
  if (limited) return limited;
  const street = String(formData.get("streetAddress") ?? "");
  const found = await signedSuggestions(street, await getLanguage(request));
  // The tokens alone: the page reads each address from its token (lib/address-token), so the answer fits
  // in the cookie that carries it to the page.
  return reject(submission, {
    values: { addressChoices: found.map((s) => s.positionToken ?? "").join(" "), addressSearched: 1 },
  });
}

/**
 * The form as saved when an address found by the look-up was pressed: that address's fields and token in
 * place of the typed address. A token the server did not sign is ignored (the typed address is saved).
 */
export function withPickedAddress(formData: FormData): FormData {
  const token = formData.get(PICKED_ADDRESS_FIELD);
  const place = typeof token === "string" ? readPositionToken(token) : null;
  if (!place) return formData;
  const replaced: Record<string, string> = {
    streetAddress: place.streetAddress,
    city: place.city,
    province: place.province,
    postalCode: place.postalCode,
    suggestedPostalCode: place.postalCode,
    positionToken: token as string,
  };
  const form = new FormData();
  for (const [name, value] of formData) {
    if (name !== PICKED_ADDRESS_FIELD && !(name in replaced)) form.append(name, value);
  }
  for (const [name, value] of Object.entries(replaced)) form.set(name, value);
  return form;
}
