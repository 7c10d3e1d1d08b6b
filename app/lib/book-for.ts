// Issue 46 part 5, a resident who calls (pure, shared with the browser): the link that pays a pickup an
// operator booked for them, how long its place is held, and the operator's form that opens an account.
import { z } from "zod";
import { signUpEmailField } from "./auth-schemas";
import { MIN_LEAD_MS } from "./slots";
import { AddressSchema, DriverInfoSchema } from "./profile-schema";

/** The admin page. */
export const BOOK_FOR_PATH = "/admin/book-for";

/** The payment link of a phone booking: the token is the key (only its hash is stored). */
export function phonePayPath(token: string): string {
  return `/pay/${encodeURIComponent(token)}`;
}

/** A payment link is valid this long. */
const PHONE_LINK_MS = 24 * 60 * 60 * 1000;
/** A paid place is still booked while the window starts at least this far ahead (lib/slots' paid lead). */
const PAID_LEAD_MS = MIN_LEAD_MS - 60 * 60 * 1000;

/**
 * Until when the place of a phone booking made at `at` is held: the link's 24 hours, and never past the
 * moment a payment could no longer book it (23 hours before the window, lib/slots' paid lead). A window
 * bookable at `at` starts at least 24 hours ahead, so the hold lasts at least an hour.
 */
export function phoneHoldExpiresAt(at: number, startsAt: number): number {
  return Math.min(at + PHONE_LINK_MS, startsAt - PAID_LEAD_MS);
}

/** A token as it may appear in a link (base64url, 43 characters for 32 bytes); anything else is no link. */
export function isLinkToken(value: string | undefined): value is string {
  return typeof value === "string" && /^[A-Za-z0-9_-]{20,100}$/.test(value);
}

/** The operator's form that opens an account for a resident on the phone: e-mail, language, address, phone. */
export const AccountForSchema = z
  .object({
    email: signUpEmailField,
    locale: z.enum(["en", "fr"], { errorMap: () => ({ message: "bookfor:errors.localeRequired" }) }),
  })
  .merge(AddressSchema)
  .merge(DriverInfoSchema.pick({ phone: true }));

export type AccountForInput = z.output<typeof AccountForSchema>;
