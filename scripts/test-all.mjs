// `npm test`: every check and every test. Types, lint, format, the import rule between folders and unused
// code; unit and integration (Vitest), then the production build, then the
// browser tests (Playwright, JavaScript on and off, and the Nu HTML Checker on Java) against the built server.
import { spawnSync } from "node:child_process";
import { ensureBrowser } from "./ensure-browser.mjs";
import { ensureJava } from "./ensure-java.mjs";

function step(name, command, args, env = {}) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`\n${name} failed (exit ${result.status ?? result.signal})`);
    process.exit(result.status ?? 1);
  }
}

const browser = ensureBrowser();
// The Nu HTML Checker (vnu-jar) of the browser tests runs on Java.
ensureJava();
const browserEnv = browser.startsWith("/usr/") ? { PW_CHROMIUM_PATH: browser } : {};
step("Type check", "npx", ["tsc"]);
step("Lint (ESLint)", "npx", ["eslint", ".", "--max-warnings", "0"]);
step("Format (Prettier)", "npx", ["prettier", "--check", "."]);
step("Import rules between folders (dependency-cruiser)", "npx", [
  "depcruise",
  "app",
  "tests",
  "scripts",
  "--output-type",
  "err",
]);
step("Unused files, exports and dependencies (knip)", "npx", ["knip"]);
step("Unit and integration tests", "npx", ["vitest", "run"]);
step("Production build", "npm", ["run", "build"]);
step("Browser tests", "npx", ["playwright", "test", ...process.argv.slice(2)], browserEnv);
console.log("\nAll test suites passed.");
