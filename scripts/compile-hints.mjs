// After `remix build` (npm run build; issue 44): V8's explicit compile hint, `//# allFunctionsCalledOnLoad`
// as the first line, on the big files of the browser entry's imports (React DOM, and Remix with its router).
// Every page runs most of their functions while it hydrates. Without the hint V8 compiles each function on
// its first call, on the main thread: in `/booking` the module graph's evaluation was 10-16 ms of a desktop
// CPU, 6-11 of it compiling (React DOM's and Remix's CommonJS factories, called at once). With it, Chromium
// (136 and later) compiles those files whole while they stream in, on a background thread, and the evaluation
// is 4-10 ms. Other browsers read a comment. The files keep their names (their hash is of what esbuild
// wrote); each source map, when there is one, gets an empty first line so it still points right.
//
//   node scripts/compile-hints.mjs            (REMIX_BUILD_NAME picks the build, as in remix.config.js)
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const HINT = "//# allFunctionsCalledOnLoad\n";

/** Files the hint is worth its bytes on: the entry's imports from this size up (the framework's big chunks). */
export const MIN_BYTES = 20_000;

/** The manifest Remix wrote for the browser (`window.__remixManifest={…};`), parsed. */
function readManifest(assetsDir) {
  const file = fs.readdirSync(assetsDir).find((name) => /^manifest-[\w-]+\.js$/.test(name));
  if (!file) throw new Error(`no manifest-*.js in ${assetsDir}: build first (npx remix build)`);
  const text = fs.readFileSync(path.join(assetsDir, file), "utf8");
  return JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
}

/** Marks the entry's big imports under `publicDir` (their URLs are paths under it); returns those marked now. */
export function addCompileHints(publicDir, assetsDir) {
  const { entry } = readManifest(assetsDir);
  const marked = [];
  for (const url of entry.imports ?? []) {
    const file = path.join(publicDir, url);
    const code = fs.readFileSync(file, "utf8");
    if (code.startsWith(HINT) || Buffer.byteLength(code) < MIN_BYTES) continue;
    fs.writeFileSync(file, HINT + code);
    const map = `${file}.map`;
    if (fs.existsSync(map)) {
      const json = JSON.parse(fs.readFileSync(map, "utf8"));
      json.mappings = `;${json.mappings}`;
      fs.writeFileSync(map, JSON.stringify(json));
    }
    marked.push(url);
  }
  return marked;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const name = process.env.REMIX_BUILD_NAME ?? "build";
  const marked = addCompileHints("public", path.join("public", name));
  console.log(`[compile-hints] ${marked.length ? marked.join(", ") : "nothing to mark (already marked)"}`);
}
