// A plan change refused: a translation key of the plans namespace and the HTTP status it answers.
export class PlanError extends Error {
  constructor(
    public readonly key: string,
    public readonly status = 400,
    public readonly values?: Record<string, string | number>,
  ) {
    super(key);
  }
}
