// Makes sure the HTML checker of the browser tests (vnu-jar in tests/e2e/html-checker.spec.ts) has a Java:
// the one on the PATH, else Debian's default-jre-headless.
import { spawnSync } from "node:child_process";
import { aptInstall } from "./ensure-browser.mjs";

function javaVersion() {
  const result = spawnSync("java", ["-version"], { encoding: "utf8" });
  return result.status === 0 ? (result.stderr || result.stdout).split("\n")[0] : null;
}

export function ensureJava() {
  const found = javaVersion();
  if (found) return found;
  console.log("[ensure-java] no java on the PATH; installing default-jre-headless");
  aptInstall("default-jre-headless");
  const installed = javaVersion();
  if (!installed) throw new Error("No Java could be installed for the HTML checker (vnu-jar)");
  return installed;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`[ensure-java] using ${ensureJava()}`);
}
