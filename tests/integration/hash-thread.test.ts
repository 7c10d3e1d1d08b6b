// Issue 44 (`morning`): scrypt runs on one thread of its own, one hash at a time, with its Linux niceness
// raised so that the pages (the process's main thread, left as it was) take the CPU first.
import crypto from "node:crypto";
import os from "node:os";
import { describe, expect, it } from "vitest";
import { hashThreadNiceness, scryptOnThread, stopHashThread } from "~/services/accounts/hash-thread.server";
import { hashPassword, verifyPassword } from "~/services/accounts/passwords.server";
import { env } from "~/services/platform/config.server";

const MAX = 256 * 1024 * 1024;

describe("the hashing thread", () => {
  it("derives the same key as node's scrypt, for any password", async () => {
    const salt = crypto.randomBytes(16);
    for (const password of ["sorting-day-1", "Écocentre été 2026 ♻", ""]) {
      const key = await scryptOnThread(password, salt, 64, 1024, MAX);
      expect(key.equals(crypto.scryptSync(password, salt, 64, { N: 1024, r: 8, p: 1 }))).toBe(true);
    }
  });

  it("answers hashes asked at once, each its own", async () => {
    const salts = Array.from({ length: 6 }, () => crypto.randomBytes(16));
    const keys = await Promise.all(salts.map((salt, i) => scryptOnThread(`pw-${i}`, salt, 32, 1024, MAX)));
    keys.forEach((key, i) =>
      expect(key.equals(crypto.scryptSync(`pw-${i}`, salts[i], 32, { N: 1024, r: 8, p: 1 }))).toBe(true),
    );
  });

  it.runIf(process.platform === "linux")("runs niced, and leaves the pages' thread as it was", async () => {
    const before = os.getPriority();
    expect(env.PASSWORD_HASH_NICENESS).toBe(10); // the default: the tests do not set it
    expect(await hashThreadNiceness()).toBe(Math.max(before, env.PASSWORD_HASH_NICENESS));
    expect(os.getPriority()).toBe(before);
  });

  it("a bad cost is an error for that hash only; the thread goes on", async () => {
    await expect(scryptOnThread("pw", crypto.randomBytes(16), 64, 1000, MAX)).rejects.toThrow();
    const hash = await hashPassword("sorting-day-1");
    await expect(verifyPassword("sorting-day-1", hash)).resolves.toBe(true);
  });

  it("a stopped thread refuses what waited for it, and the next hash starts a new one", async () => {
    const waiting = expect(scryptOnThread("pw", crypto.randomBytes(16), 64, 2 ** 14, MAX)).rejects.toThrow(/stopped/);
    await stopHashThread();
    await waiting;
    const hash = await hashPassword("sorting-day-1");
    await expect(verifyPassword("sorting-day-1", hash)).resolves.toBe(true);
    await expect(verifyPassword("not-it", hash)).resolves.toBe(false);
  });
});
