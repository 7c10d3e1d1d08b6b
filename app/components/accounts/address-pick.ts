// The profile's street field's look-up (issue 44, the JS budget: fetched by the browser with the first look-up,
// not with the page): the suggestions asked for, and what a picked one does: checked (lib/address-check),
// then the other address fields filled from it.
import type { AddressSuggestion } from "~/lib/address-selection";

export { checkAddressSelection } from "~/lib/address-check";

/** The suggestions for `q` (none when the look-up failed). */
export async function fetchSuggestions(q: string, signal: AbortSignal): Promise<AddressSuggestion[]> {
  const response = await fetch(`/api/address-suggestions?q=${encodeURIComponent(q)}`, {
    headers: { Accept: "application/json" },
    signal,
  });
  return response.ok ? ((await response.json()) as AddressSuggestion[]) : [];
}

/** A picked suggestion fills the other address fields, as if the resident had typed them. */
export function fillAddress(form: HTMLFormElement | null, suggestion: AddressSuggestion) {
  if (!form) return;
  const values: Record<string, string> = {
    city: suggestion.city,
    province: suggestion.province,
    postalCode: suggestion.postalCode,
  };
  for (const [name, value] of Object.entries(values)) {
    const control = form.elements.namedItem(name);
    if (control instanceof HTMLInputElement || control instanceof HTMLSelectElement) {
      control.value = value;
      control.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
  const street = form.elements.namedItem("streetAddress");
  if (street instanceof HTMLInputElement) street.dispatchEvent(new Event("input", { bubbles: true }));
}
