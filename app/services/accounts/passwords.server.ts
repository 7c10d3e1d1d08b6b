// Password hashing with scrypt (node:crypto): salt and parameters stored with the hash.
import crypto from "node:crypto";

const KEY_LENGTH = 64;
const COST = 16384;

export function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(16);
  return new Promise((resolve, reject) => {
    crypto.scrypt(password, salt, KEY_LENGTH, { N: COST, r: 8, p: 1 }, (err, key) => {
      if (err) reject(err);
      else resolve(`scrypt$${COST}$${salt.toString("base64")}$${key.toString("base64")}`);
    });
  });
}

export function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, cost, saltB64, keyB64] = stored.split("$");
  if (scheme !== "scrypt" || !cost || !saltB64 || !keyB64) return Promise.resolve(false);
  const expected = Buffer.from(keyB64, "base64");
  return new Promise((resolve) => {
    crypto.scrypt(
      password,
      Buffer.from(saltB64, "base64"),
      expected.length,
      { N: Number(cost), r: 8, p: 1 },
      (err, key) => resolve(!err && crypto.timingSafeEqual(key, expected)),
    );
  });
}

export function randomToken(bytes = 32): string {
  return crypto.randomBytes(bytes).toString("base64url");
}

export function sha256(value: string): string {
  return crypto.createHash("sha256").update(value).digest("hex");
}
