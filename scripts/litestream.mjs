// What the Litestream scripts share (scripts/start-replicated.mjs, scripts/restore.mjs): the binary, and
// the environment litestream.yml is expanded from.
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * The packaged Litestream binary: the npm package @flydotio/litestream-<platform>-<arch> (an optional
 * dependency, linux-x64 here), else `litestream` on the PATH (the container copies the official image's).
 */
export function litestreamBinary() {
  try {
    const manifest = createRequire(import.meta.url).resolve(
      `@flydotio/litestream-${process.platform}-${process.arch}/package.json`,
    );
    const binary = path.join(path.dirname(manifest), "litestream");
    if (fs.existsSync(binary)) return binary;
  } catch {
    // not installed for this platform
  }
  return "litestream";
}

/**
 * process.env with what litestream.yml expands: DATABASE_PATH (default data/app.db, absolute), the
 * credentials and endpoint (empty when unset: Litestream then uses its defaults), and the shadow WAL's
 * place (LITESTREAM_META_PATH): beside the database, as Litestream's default, unless the environment says
 * (on LiteFS it must be outside the mount).
 */
export function litestreamEnv(source = process.env) {
  const database = path.resolve(source.DATABASE_PATH ?? path.join("data", "app.db"));
  return {
    ...source,
    DATABASE_PATH: database,
    LITESTREAM_ENDPOINT: source.LITESTREAM_ENDPOINT ?? "",
    LITESTREAM_ACCESS_KEY_ID: source.LITESTREAM_ACCESS_KEY_ID ?? "",
    LITESTREAM_SECRET_ACCESS_KEY: source.LITESTREAM_SECRET_ACCESS_KEY ?? "",
    LITESTREAM_META_PATH:
      source.LITESTREAM_META_PATH ?? path.join(path.dirname(database), `.${path.basename(database)}-litestream`),
  };
}

/**
 * `litestream restore` (0.3.13) restores into `<file>.tmp` and renames it, leaving that temporary file's
 * empty `-wal` and `-shm` behind: removed, so only the restored database is left beside it.
 */
export function removeRestoreLeftovers(file) {
  for (const suffix of [".tmp-wal", ".tmp-shm"]) fs.rmSync(`${file}${suffix}`, { force: true });
}
