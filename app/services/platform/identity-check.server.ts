// Issue 43 part 1: no placeholder reaches production. Who the business is (its legal name, address, phone,
// e-mail, tax numbers, the person in charge of personal information, the e-mails' sender) has a development
// default so that `npm run dev`, the tests and a local `npm start` run as they are; a production start refuses
// while any of them is unset or still that default, and while a tax number is not shaped as the Revenu Québec
// and CRA numbers are. Pure: config.server calls it when the environment is read, before the server listens.

/** The development defaults: what config.server's schema falls back to, and what production refuses. */
export const IDENTITY_DEFAULTS = {
  BUSINESS_LEGAL_NAME: "ReCircle Collecte inc.",
  BUSINESS_ADDRESS: "1000 Rue Sherbrooke Ouest, bureau 100, Montréal (Québec) H3A 0A1",
  SUPPORT_PHONE: "514-555-0199",
  SUPPORT_EMAIL: "support@recyclepickup.ca",
  PRIVACY_OFFICER_NAME: "Camille Tremblay",
  PRIVACY_OFFICER_EMAIL: "privacy@recyclepickup.ca",
  GST_NUMBER: "123456789 RT 0001",
  QST_NUMBER: "1234567890 TQ 0001",
  MAIL_FROM: "ReCircle <no-reply@recyclepickup.ca>",
} as const;

export type IdentityVariable = keyof typeof IDENTITY_DEFAULTS;
export const IDENTITY_VARIABLES = Object.keys(IDENTITY_DEFAULTS) as IdentityVariable[];

/** A GST/HST number: the 9-digit business number, "RT", a 4-digit account ("123456789 RT 0001", spaces optional). */
export function isGstNumber(value: string): boolean {
  return /^\d{9}\s*RT\s*\d{4}$/i.test(value.trim());
}

/** A QST number: 10 digits, "TQ", a 4-digit file number ("1234567890 TQ 0001", spaces optional). */
export function isQstNumber(value: string): boolean {
  return /^\d{10}\s*TQ\s*\d{4}$/i.test(value.trim());
}

/**
 * A default written another way is still the default: spaces and case do not count ("123456789RT0001"), nor,
 * in a phone number, anything but its digits and the country code ("+1 (514) 555-0199").
 */
function comparable(name: IdentityVariable, value: string): string {
  if (name === "SUPPORT_PHONE") return value.replace(/\D/g, "").replace(/^1(?=\d{10}$)/, "");
  return value.replace(/\s+/g, "").toLowerCase();
}

/**
 * What a production start refuses, one line per variable naming it (empty: nothing). Outside production
 * (NODE_ENV other than "production") nothing is refused: the defaults serve development, the tests and the demo.
 */
export function identityRefusals(source: Record<string, string | undefined>): string[] {
  if (source.NODE_ENV !== "production") return [];
  const refusals: string[] = [];
  for (const name of IDENTITY_VARIABLES) {
    const value = source[name]?.trim() ?? "";
    if (!value) refusals.push(`${name} is not set`);
    else if (comparable(name, value) === comparable(name, IDENTITY_DEFAULTS[name])) {
      refusals.push(`${name} is still the development placeholder "${IDENTITY_DEFAULTS[name]}"`);
    } else if (name === "GST_NUMBER" && !isGstNumber(value)) {
      refusals.push(`GST_NUMBER "${value}" is not a GST number (9 digits, RT, 4 digits: 123456789 RT 0001)`);
    } else if (name === "QST_NUMBER" && !isQstNumber(value)) {
      refusals.push(`QST_NUMBER "${value}" is not a QST number (10 digits, TQ, 4 digits: 1234567890 TQ 0001)`);
    }
  }
  return refusals;
}

/** A start refused for its configuration: scripts/server.mjs prints its message alone (no stack) and exits 1. */
export class StartRefused extends Error {
  override name = "StartRefused";
}

/** The error a refused start throws: every variable to set, and where to set it. */
export function identityRefusal(refusals: string[]): StartRefused {
  return new StartRefused(
    [
      "Refusing to start in production: the business's identity is missing or still a placeholder.",
      ...refusals.map((refusal) => `  - ${refusal}`),
      'Set them (fly.toml [env], or `fly secrets set NAME=value`; docs/operations.md, "Who we are").',
    ].join("\n"),
  );
}
