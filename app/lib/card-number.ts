// The card form's number field as it is typed (simulated card form, with JavaScript). Without zod, so the
// checkout's browser code does not carry it (issue 44, JS per page).

/**
 * A card number spaced as it is typed: groups of four (American Express 4-6-5), at most 19 digits. `caret`
 * (the count of characters before the cursor) comes back for the same digit, so typing in the middle works.
 */
export function spacedCardNumber(value: string, caret = value.length): { value: string; caret: number } {
  const digitsBefore = value.slice(0, caret).replace(/\D/g, "").length;
  const digits = value.replace(/\D/g, "").slice(0, 19);
  const groups = /^3[47]/.test(digits) ? [4, 6, 5] : [4, 4, 4, 4, 3];
  let spaced = "";
  let at = 0;
  let newCaret = 0;
  for (const size of groups) {
    if (at >= digits.length) break;
    const group = digits.slice(at, at + size);
    if (spaced) spaced += " ";
    for (const digit of group) {
      spaced += digit;
      at += 1;
      if (at <= digitsBefore) newCaret = spaced.length;
    }
  }
  return { value: spaced, caret: digitsBefore === 0 ? 0 : newCaret };
}
