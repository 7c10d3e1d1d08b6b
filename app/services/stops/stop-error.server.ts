// A refused change of a stop (a mark, an undo, a correction, a resident's choice after a pickup we
// missed): a translation key of the "stops" namespace (written whole, `stops:errors.*`, so any page
// can show it), its values and an HTTP status. Nothing was stored.
export class StopError extends Error {
  constructor(
    public readonly key: string,
    public readonly values: Record<string, string | number> = {},
    public readonly status = 409,
  ) {
    super(key);
  }
}
