// Which e-mail addresses may open an account (spec section 5): a basic pattern, and no disposable or
// placeholder addresses. Shared with the browser (inline hints); the server also checks the maintained list
// of disposable domains (services/accounts/disposable-email.server), too large to send to a phone.
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

/** Words that make a domain a placeholder or a throwaway, when they are a whole label of it (temp-box.ca, test.ca). */
const BLOCKED_DOMAIN_WORDS = ["example", "test", "temp", "fake", "throwaway"];
const BLOCKED_LOCAL_PARTS = ["test", "fake", "temp", "example", "admin", "user"];

/** Why an address is refused for sign-up, as a key of the common namespace. */
export type EmailRefusal = "errors.emailTemporary" | "errors.emailPlaceholder";

/**
 * Something@something.tld, with no white space and no invisible characters: control (NUL, CR, LF),
 * format (RTL override, zero-width, BOM) and lone surrogates make no address anyone can type or read back.
 */
export const BASIC_EMAIL_PATTERN = /^[^\s@\p{Cc}\p{Cf}\p{Cs}]+@[^\s@\p{Cc}\p{Cf}\p{Cs}]+\.[^\s@\p{Cc}\p{Cf}\p{Cs}]+$/u;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The domain of an address (after its last @), lowercased; "" when it has none. */
export function domainOf(email: string): string {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf("@");
  return at < 0 ? "" : normalized.slice(at + 1);
}

/**
 * Why a well-formed address is refused for sign-up, or null: a named disposable domain, a domain with one of
 * the words as a whole label (split on dots and hyphens: `temp-inbox.ca`, not `tempslibre.ca` nor
 * `contemporain.ca`), or a placeholder local part (`test@`, `admin@`).
 */
export function emailRefusal(email: string): EmailRefusal | null {
  const normalized = normalizeEmail(email);
  const at = normalized.lastIndexOf("@");
  if (at < 0) return null;
  const local = normalized.slice(0, at);
  const domain = normalized.slice(at + 1);
  if ((DISPOSABLE_DOMAINS as readonly string[]).includes(domain)) return "errors.emailTemporary";
  const labels = domain.split(/[.-]/);
  if (BLOCKED_DOMAIN_WORDS.some((word) => labels.includes(word))) return "errors.emailTemporary";
  return BLOCKED_LOCAL_PARTS.includes(local) ? "errors.emailPlaceholder" : null;
}
