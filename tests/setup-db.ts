// Each Vitest worker gets its own SQLite file, migrated when the app first opens it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recircle-test-"));
process.env.DATABASE_PATH = path.join(dir, `worker-${process.env.VITEST_POOL_ID ?? "0"}.db`);
process.env.SESSION_SECRET ??= "test-secret";
process.env.MAIL_LOG = "0";
process.env.NODE_ENV = "test";
// scrypt at the production cost (2^17) takes ~300 ms a hash: suites that create many accounts hash at 2^10.
// passwords.server honours this only when NODE_ENV=test.
process.env.PASSWORD_HASH_COST_FOR_TESTS ??= "1024";
