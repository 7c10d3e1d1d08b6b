// Starts the built production server on a fresh database for the browser tests.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { STAND_IN_IDENTITY } from "./stand-in-identity.mjs";

const db = process.env.DATABASE_PATH;
fs.mkdirSync(path.dirname(db), { recursive: true });
for (const suffix of ["", "-wal", "-shm"]) fs.rmSync(db + suffix, { force: true });

const child = spawn(process.execPath, ["scripts/server.mjs", `${process.env.REMIX_BUILD_NAME ?? "build"}/index.js`], {
  stdio: "inherit",
  // Production refuses to start without APP_URL (the browser tests reach the server as localhost), and with
  // the placeholder identity (the stand-in's values are what the tests read on the pages).
  env: {
    APP_URL: `http://localhost:${process.env.PORT ?? 3000}`,
    ...process.env,
    ...STAND_IN_IDENTITY,
    NODE_ENV: "production",
    INSECURE_COOKIES: "1",
  },
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
child.on("exit", (code) => process.exit(code ?? 0));
