// A refused admin change as the page shows it: a translation key of the admin namespace with its values,
// the form or row it belongs to, and problems per field. Nothing was stored.
export type FieldProblem = { key: string; values?: Record<string, string | number> };

export type AdminProblem = {
  /** Translation key of the admin namespace. */
  key: string;
  values?: Record<string, string | number>;
  /** Which form or row the problem belongs to, so the page shows it there. */
  target?: string;
  fields?: Record<string, FieldProblem>;
};
