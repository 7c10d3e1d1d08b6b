// Where each step of the service-area check lives (/postal-code?fsa=H2X&step=access): plain GET links,
// so the steps work without JavaScript. The waitlist form posts to, and redirects back to, its step.
import type { WaitlistReason } from "./visitor-schemas";

export type PostalStep = "access" | "no-access";

export function postalStepHref(fsa: string, step?: PostalStep) {
  const params = new URLSearchParams({ fsa });
  if (step) params.set("step", step);
  return `/postal-code?${params}`;
}

/** The step a waitlist reason belongs to: homes without direct access come from the access question. */
export function waitlistStepHref(fsa: string, reason: WaitlistReason) {
  return postalStepHref(fsa, reason === "No Direct Access" ? "no-access" : undefined);
}
