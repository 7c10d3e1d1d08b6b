// Whole numbers and row ids read from forms, query strings, URL segments and JSON: the one parser every
// page, API route and service uses ('' and '3.5' are not integers; '0', '-2' and 'abc' are not ids).

/** An integer from a form or JSON value, or null ('' and '3.5' are not integers). */
export function toInteger(value: unknown): number | null {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : null;
  // Up to 15 digits: large enough for instants in milliseconds (batch ids), small enough to stay exact.
  if (typeof value !== "string" || !/^\s*-?\d{1,15}\s*$/.test(value)) return null;
  return Number(value.trim());
}

/** A row's id (a positive integer) from a form, a query, a URL segment or JSON, or null. */
export function parseId(value: unknown): number | null {
  const n = toInteger(value);
  return n !== null && n > 0 ? n : null;
}
