// Password hashing with scrypt (node:crypto): salt and parameters stored with the hash
// (`scrypt$<N>$<salt>$<key>`), so a hash made at an older cost still verifies and is redone at the new
// cost on the next successful sign-in (needsRehash). The hashing itself runs on its own thread
// (`hash-thread`), one hash at a time, below the pages.
import crypto from "node:crypto";
import { scryptOnThread } from "./hash-thread.server";

const KEY_LENGTH = 64;
/** OWASP's minimum for scrypt (r=8, p=1): 2^17. */
const PRODUCTION_COST = 2 ** 17;
/** scrypt needs 128·N·r bytes: 128 MiB at N=2^17; node's default limit is 32 MiB. */
const MAX_MEMORY = 256 * 1024 * 1024;

/**
 * The cost new hashes are made at. Only the Vitest run (NODE_ENV=test, tests/setup-db.ts) may lower it
 * through PASSWORD_HASH_COST_FOR_TESTS, so suites that create hundreds of accounts stay fast; any
 * other environment always hashes at 2^17.
 */
function currentCost(): number {
  const forTests = Number(process.env.PASSWORD_HASH_COST_FOR_TESTS);
  if (process.env.NODE_ENV === "test" && Number.isInteger(forTests) && forTests >= 2) return forTests;
  return PRODUCTION_COST;
}

/** On the hashing thread (`hash-thread`): one at a time, below the pages. */
function scrypt(password: string, salt: Buffer, length: number, cost: number): Promise<Buffer> {
  return scryptOnThread(password, salt, length, cost, MAX_MEMORY);
}

export async function hashPassword(password: string): Promise<string> {
  const cost = currentCost();
  const salt = crypto.randomBytes(16);
  const key = await scrypt(password, salt, KEY_LENGTH, cost);
  return `scrypt$${cost}$${salt.toString("base64")}$${key.toString("base64")}`;
}

function parseHash(stored: string) {
  const [scheme, cost, saltB64, keyB64] = stored.split("$");
  const N = Number(cost);
  if (scheme !== "scrypt" || !saltB64 || !keyB64 || !Number.isInteger(N) || N < 2) return null;
  return { cost: N, salt: Buffer.from(saltB64, "base64"), key: Buffer.from(keyB64, "base64") };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed) return false;
  try {
    const key = await scrypt(password, parsed.salt, parsed.key.length, parsed.cost);
    return crypto.timingSafeEqual(key, parsed.key);
  } catch {
    return false;
  }
}

/** A hash made at a lower cost than today's (or unreadable): redo it once the password is known. */
export function needsRehash(stored: string): boolean {
  const parsed = parseHash(stored);
  return !parsed || parsed.cost < currentCost();
}

/** A hash of nothing at today's cost, checked for unknown addresses so they take as long as known ones. */
export function dummyHash(): string {
  return `scrypt$${currentCost()}$${"A".repeat(22)}==$${"A".repeat(86)}==`;
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}

/** The secret of an e-mailed link (reset, role invitation): the token for the link, only its hash for the database. */
export function newLinkToken(): { token: string; tokenHash: string } {
  const token = randomToken(32);
  return { token, tokenHash: sha256(token) };
}
