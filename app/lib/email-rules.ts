// Which e-mail addresses may open an account (spec section 5): a basic pattern, and no disposable or
// placeholder addresses.
const DISPOSABLE_DOMAINS = [
  "mailinator.com",
  "guerrillamail.com",
  "10minutemail.com",
  "tempmail.com",
  "yopmail.com",
  "trashmail.com",
  "sharklasers.com",
  "throwaway.email",
  "dispostable.com",
] as const;

const BLOCKED_DOMAIN_WORDS = ["example", "test", "temp", "fake", "throwaway"];
const BLOCKED_LOCAL_PARTS = ["test", "fake", "temp", "example", "admin", "user"];

/**
 * Something@something.tld, with no white space and no invisible characters: control (NUL, CR, LF),
 * format (RTL override, zero-width, BOM) and lone surrogates make no address anyone can type or read back.
 */
export const BASIC_EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}\p{Cs}]+@[^\s@\p{Cc}\p{Cf}\p{Cs}]+\.[^\s@\p{Cc}\p{Cf}\p{Cs}]+$/u;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** True when the address is well formed but one we refuse for sign-up. */
export function isRejectedSignupEmail(email: string): boolean {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf("@");
  if (at < 0) return false;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  if ((DISPOSABLE_DOMAINS as readonly string[]).includes(domain)) return true;
  if (BLOCKED_DOMAIN_WORDS.some((word) => domain.includes(word))) return true;
  return BLOCKED_LOCAL_PARTS.includes(local);
}
