// Each Vitest worker gets its own SQLite file, migrated when the app first opens it.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "recircle-test-"));
process.env.DATABASE_PATH = path.join(dir, `worker-${process.env.VITEST_POOL_ID ?? "0"}.db`);
process.env.SESSION_SECRET ??= "test-secret";
process.env.MAIL_LOG = "0";
process.env.NODE_ENV = "test";
