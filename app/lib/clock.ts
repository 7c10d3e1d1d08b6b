// The one source of "now", so rules can be tested with a fixed clock.
let fixedNow: number | null = null;

export function now(): number {
  return fixedNow ?? Date.now();
}

/** Tests only. */
export function setNow(ms: number | null): void {
  fixedNow = ms;
}
