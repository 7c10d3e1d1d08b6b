// A refused admin change: a translation key of the admin namespace (with its values), and which form
// or row it belongs to so the page can show it in place. Nothing was stored.

/** A refused field of a form with many (the weekly template): its key and values. */
export type FieldProblem = { key: string; values?: Record<string, string | number> };

export class AdminError extends Error {
  constructor(
    public readonly key: string,
    public readonly values: Record<string, string | number> = {},
    public readonly status = 400,
    /** Errors of single fields, by field name, when a form has many (the weekly template). */
    public readonly fields: Record<string, FieldProblem> = {},
  ) {
    super(key);
  }
}

/** 'YYYY-MM-DD' that is a real calendar date, or null. */
export function toDateKey(value: unknown): string | null {
  if (typeof value !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split("-").map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d ? value : null;
}
