// Issue 43 part 1, end to end: the built server started as production with a placeholder identity refuses to
// start before it listens or opens the database, naming each offending variable, and exits 1. The check itself,
// one case per variable, is tests/unit/identity-check.test.ts; every other production server of the tests runs
// with scripts/stand-in-identity.mjs (tests/e2e/own-server.ts, scripts/e2e-server.mjs).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { STAND_IN_IDENTITY } from "../../scripts/stand-in-identity.mjs";
import { BUILD, freePort, serverDir } from "./own-server";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "process-level: runs once, in the js project");

test("production refuses to start with a placeholder identity, naming each variable, before listening", async () => {
  const dir = serverDir("start-refusal");
  const port = await freePort();
  const dbFile = path.join(dir, "app.db");
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    ...STAND_IN_IDENTITY,
    NODE_ENV: "production",
    PORT: String(port),
    DATABASE_PATH: dbFile,
    SESSION_SECRET: "refusal-secret",
    APP_URL: `http://127.0.0.1:${port}`,
    // Left at its development default, and unset.
    PRIVACY_OFFICER_NAME: "Camille Tremblay",
    GST_NUMBER: "",
    QST_NUMBER: "12345 TQ 1",
  };
  delete env.ALLOW_GENERATED_SECRET;
  const child = spawn(process.execPath, ["scripts/server.mjs", BUILD], { env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
  const code = await new Promise<number | null>((resolve) => child.on("exit", resolve));
  try {
    expect(code).toBe(1);
    expect(output).toContain("Refusing to start in production");
    expect(output).toContain("PRIVACY_OFFICER_NAME is still the development placeholder");
    expect(output).toContain("GST_NUMBER is not set");
    expect(output).toMatch(/QST_NUMBER "12345 TQ 1" is not a QST number/);
    for (const fine of ["BUSINESS_LEGAL_NAME", "BUSINESS_ADDRESS", "SUPPORT_PHONE", "MAIL_FROM"]) {
      expect(output).not.toContain(fine);
    }
    // No stack trace: the message alone. Nothing listened, no database was made.
    expect(output).not.toMatch(/\n\s+at /);
    expect(output).not.toContain("[server] http://");
    expect(fs.existsSync(dbFile)).toBe(false);
    const refused = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, "127.0.0.1");
      socket.on("connect", () => (socket.destroy(), resolve(false)));
      socket.on("error", () => resolve(true));
    });
    expect(refused).toBe(true);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
