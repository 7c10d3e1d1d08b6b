// The booking's refusals: a translation key of the checkout namespace and the HTTP status it answers.

/** A refusal with a translation key of the checkout namespace. */
export class BookingError extends Error {
  constructor(
    public readonly key: string,
    public readonly status = 400,
  ) {
    super(key);
  }
}
