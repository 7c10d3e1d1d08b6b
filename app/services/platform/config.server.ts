// Environment configuration, validated once at start-up. Nothing is required for local use.
import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { formatPhoneNational } from "~/lib/phone";
import { IDENTITY_DEFAULTS as WHO, identityRefusal, identityRefusals } from "./identity-check.server";

const EnvSchema = z.object({
  NODE_ENV: z.string().default("development"),
  DATABASE_PATH: z.string().default(path.join(process.cwd(), "data", "app.db")),
  SESSION_SECRET: z.string().optional(),
  APP_URL: z.string().url().optional(),
  ADMIN_EMAILS: z.string().default(""),
  // Who we are (issue 34): the help page, the privacy page and the footer show these. Their defaults are
  // development placeholders: production refuses to start with them (identity-check.server, issue 43).
  SUPPORT_EMAIL: z.string().default(WHO.SUPPORT_EMAIL),
  SUPPORT_PHONE: z.string().default(WHO.SUPPORT_PHONE),
  BUSINESS_LEGAL_NAME: z.string().default(WHO.BUSINESS_LEGAL_NAME),
  BUSINESS_ADDRESS: z.string().default(WHO.BUSINESS_ADDRESS),
  // The person in charge of the protection of personal information (Law 25, section 3.1).
  PRIVACY_OFFICER_NAME: z.string().default(WHO.PRIVACY_OFFICER_NAME),
  PRIVACY_OFFICER_EMAIL: z.string().default(WHO.PRIVACY_OFFICER_EMAIL),
  // Who the e-mails come from (the name a resident sees in their inbox) and where a reply goes: the
  // support address (SUPPORT_EMAIL).
  MAIL_FROM: z.string().default(WHO.MAIL_FROM),
  SMTP_URL: z.string().optional(),
  // Print every e-mail (links' secrets redacted) to the log: on by default locally, off in production.
  MAIL_LOG: z.enum(["0", "1"]).optional(),
  // nodemailer's connection, greeting and socket timeouts: a silent mail server fails fast and is retried.
  SMTP_TIMEOUT_MS: z.coerce.number().int().positive().default(5000),
  // The niceness of the thread that hashes passwords (accounts/hash-thread): 10 so that pages take the CPU
  // first. The browser tests set 0: they share two CPUs with Chromium, at 0, which a niced hash waits behind.
  PASSWORD_HASH_NICENESS: z.coerce.number().int().min(0).max(19).default(10),
  // The outbox worker sends queued e-mails on the primary only: "0" turns it off here; on Fly a machine
  // whose FLY_REGION differs from PRIMARY_REGION is a replica and does not send either.
  OUTBOX_WORKER: z.enum(["0", "1"]).default("1"),
  FLY_REGION: z.string().optional(),
  // Several machines (issue 37, docs/operations.md): LiteFS's mount directory, whose `.primary` file says
  // this machine is a replica; and Litestream's replica, whose presence means the app runs under
  // `litestream replicate` (Litestream then takes the WAL checkpoints).
  LITEFS_DIR: z.string().optional(),
  LITESTREAM_REPLICA_URL: z.string().optional(),
  PRIMARY_REGION: z.string().optional(),
  // Where personal information goes (issue 43, the privacy page names each place, docs/operations.md):
  // the backup store's provider and place ("Tigris (Fly.io), Montréal, Canada"; Fly's volume snapshots,
  // in the app's region, without Litestream) and the e-mail provider's ("Postmark, United States").
  // Unset, the page says where they are configured instead.
  BACKUP_LOCATION: z.string().trim().optional(),
  SMTP_LOCATION: z.string().trim().optional(),
  RATE_LIMIT_FACTOR: z.coerce.number().positive().default(1),
  // The proxy in front of the app, whose headers are then believed: "fly" (fly-proxy: the client's
  // address in Fly-Client-IP, the scheme in X-Forwarded-Proto) or "1" (a proxy that sets X-Forwarded-For,
  // -Host and -Proto, appending the client's address last). Unset or "0": no proxy, no header believed
  // (the client's address is the socket's, the host the Host header's).
  TRUST_PROXY: z.enum(["0", "1", "fly"]).default("0"),
  GST_NUMBER: z.string().default(WHO.GST_NUMBER),
  QST_NUMBER: z.string().default(WHO.QST_NUMBER),
  SERVICE_FEE_CENTS: z.coerce.number().int().min(0).default(0),
  PAYMENT_PROVIDER: z.enum(["simulated", "stripe"]).optional(),
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_HOST: z.string().optional(),
  STRIPE_API_PORT: z.coerce.number().int().optional(),
  STRIPE_API_PROTOCOL: z.enum(["http", "https"]).optional(),
  GEOCODER: z.enum(["local", "photon", "google"]).default("local"),
  GEOCODER_URL: z.string().optional(),
  GOOGLE_PLACES_KEY: z.string().optional(),
  // How long a save waits for the geocoder to place a typed address before it falls back to the postal
  // prefix's centre (flagged approximate); `npm run backfill-positions` tries those again later.
  GEOCODE_TIMEOUT_MS: z.coerce.number().int().positive().default(3000),
  // Where the driver's routes start and end (WGS 84); by default the Écocentre La Petite-Patrie.
  DEPOT_LAT: z.coerce.number().min(-90).max(90).default(45.5366),
  DEPOT_LNG: z.coerce.number().min(-180).max(180).default(-73.6007),
  // Texts (issue 35): without these three they are only recorded in the outbox (admins read them at
  // /admin/outbox); with them they are sent by Twilio. TWILIO_API_BASE points the client at a stand-in.
  TWILIO_ACCOUNT_SID: z.string().optional(),
  TWILIO_AUTH_TOKEN: z.string().optional(),
  TWILIO_FROM: z.string().optional(),
  TWILIO_API_BASE: z.string().url().optional(),
});

export type Env = z.infer<typeof EnvSchema>;

/** Reads and checks a set of variables (process.env at start-up); throws what a deployment lacks. */
export function loadEnv(
  source: Record<string, string | undefined> = process.env,
): Env & { sessionSecrets: string[]; MAIL_LOG: "0" | "1" } {
  const parsed = EnvSchema.safeParse(source);
  if (!parsed.success) {
    throw new Error(`Invalid environment: ${parsed.error.message}`);
  }
  const env = parsed.data;
  // Without it the app would answer for no public host and e-mail no usable link. A local `npm start`
  // (ALLOW_GENERATED_SECRET, see below) answers on the loopback names instead.
  if (env.NODE_ENV === "production" && !env.APP_URL && !source.ALLOW_GENERATED_SECRET) {
    throw new Error("APP_URL must be set in production");
  }
  // No placeholder identity in production (issue 43): every variable named. A local `npm start`
  // (ALLOW_GENERATED_SECRET) is the demo, which keeps the defaults; it is only told.
  const refusals = identityRefusals(source);
  if (refusals.length && !source.ALLOW_GENERATED_SECRET) throw identityRefusal(refusals);
  if (refusals.length) {
    const names = refusals.map((refusal) => refusal.split(" ")[0]).join(", ");
    console.warn(`[config] a local start keeps the placeholder identity (${names}); a deployment refuses it`);
  }
  return {
    ...env,
    MAIL_LOG: env.MAIL_LOG ?? (env.NODE_ENV === "production" ? "0" : "1"),
    sessionSecrets: sessionSecrets(env.SESSION_SECRET) ?? [localSessionSecret(env, source)],
  };
}

/**
 * SESSION_SECRET may hold several secrets, comma-separated: the first signs new cookies and every one
 * verifies, so a secret is rotated by putting the new one first and dropping the old one later.
 */
function sessionSecrets(raw: string | undefined): string[] | null {
  const secrets = (raw ?? "")
    .split(",")
    .map((secret) => secret.trim())
    .filter(Boolean);
  return secrets.length ? secrets : null;
}

/** Outside production a secret is generated once and kept beside the database. */
function localSessionSecret(env: Env, source: Record<string, string | undefined>): string {
  if (env.NODE_ENV === "production" && !source.ALLOW_GENERATED_SECRET) {
    // The server (scripts/server.mjs) runs with NODE_ENV=production unless told; a local `npm start` opts in through
    // ALLOW_GENERATED_SECRET (set by `npm start`) so a real deployment must set SESSION_SECRET.
    throw new Error("SESSION_SECRET must be set in production");
  }
  const file = path.join(path.dirname(env.DATABASE_PATH), ".session-secret");
  try {
    return fs.readFileSync(file, "utf8").trim();
  } catch {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    const secret = crypto.randomBytes(32).toString("hex");
    fs.writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  }
}

export const env = loadEnv();

export function adminEmails(): string[] {
  return env.ADMIN_EMAILS.split(",")
    .map((e) => e.trim().toLowerCase())
    .filter(Boolean);
}

/** The public address for links in e-mails sent outside a request (webhooks). */
export function appUrl(): string {
  return (env.APP_URL ?? `http://localhost:${process.env.PORT ?? 3000}`).replace(/\/$/, "");
}

/** The support number as people read it, formatted once per value (libphonenumber on every page view; issue 44). */
const nationalPhones = new Map<string, string>();
function nationalPhone(phone: string): string {
  let national = nationalPhones.get(phone);
  if (national === undefined) {
    national = formatPhoneNational(phone);
    if (nationalPhones.size >= 16) nationalPhones.clear();
    nationalPhones.set(phone, national);
  }
  return national;
}

/** Who runs the service and how to reach them (issue 34): the help, privacy and terms pages show it. */
export function whoWeAre(source: Env = env) {
  return {
    business: source.BUSINESS_LEGAL_NAME,
    address: source.BUSINESS_ADDRESS,
    supportEmail: source.SUPPORT_EMAIL,
    /** As people read it ("514 555-0199"), whatever way it was configured. */
    supportPhone: nationalPhone(source.SUPPORT_PHONE),
    officerName: source.PRIVACY_OFFICER_NAME,
    officerEmail: source.PRIVACY_OFFICER_EMAIL,
  };
}
export type WhoWeAre = ReturnType<typeof whoWeAre>;
