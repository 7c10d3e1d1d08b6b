// Makes sure the browser tests have a Chromium: Playwright's own if installed, else the system one,
// else install one (Playwright's download where the internet is reachable, Debian's package otherwise).
import { execSync } from "node:child_process";
import fs from "node:fs";
import { chromium } from "@playwright/test";

function playwrightOwn() {
  try {
    const p = chromium.executablePath();
    return p && fs.existsSync(p) ? p : null;
  } catch {
    return null;
  }
}

function run(command) {
  console.log(`[ensure-browser] ${command}`);
  execSync(command, { stdio: "inherit" });
}

/** Installs a Debian package (as root, or through sudo). */
export function aptInstall(pkg) {
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  run(`${sudo}apt-get update -qq`);
  run(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${pkg}`);
}

export function ensureBrowser() {
  const own = playwrightOwn();
  if (own) return own;
  if (fs.existsSync("/usr/bin/chromium")) return "/usr/bin/chromium";
  try {
    run("npx playwright install chromium");
    const installed = playwrightOwn();
    if (installed) return installed;
  } catch {
    console.log("[ensure-browser] Playwright's download is not reachable; trying the system package manager");
  }
  aptInstall("chromium");
  if (!fs.existsSync("/usr/bin/chromium")) throw new Error("No Chromium could be installed for the browser tests");
  return "/usr/bin/chromium";
}

if (import.meta.url === `file://${process.argv[1]}`) {
  console.log(`[ensure-browser] using ${ensureBrowser()}`);
}
