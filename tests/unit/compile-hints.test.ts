// The build's compile hints (scripts/compile-hints.mjs, issue 44): the first line of the browser entry's big
// imports, and only of those, once however often it runs, their source maps shifted by that line.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { addCompileHints, HINT, MIN_BYTES } from "../../scripts/compile-hints.mjs";

const dirs: string[] = [];
afterEach(() => dirs.splice(0).forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

/** A built app's public folder: a manifest, the entry's imports (one big with a map, one small), a route. */
function built() {
  const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "hints-"));
  dirs.push(publicDir);
  const assets = path.join(publicDir, "build");
  fs.mkdirSync(path.join(assets, "_shared"), { recursive: true });
  const manifest = {
    entry: {
      module: "/build/entry.client-A.js",
      imports: ["/build/_shared/chunk-BIG.js", "/build/_shared/chunk-SMALL.js"],
    },
    routes: { root: { id: "root", module: "/build/root-B.js", imports: ["/build/_shared/chunk-APP.js"] } },
    url: "/build/manifest-C.js",
    version: "c",
  };
  fs.writeFileSync(path.join(assets, "manifest-C.js"), `window.__remixManifest=${JSON.stringify(manifest)};`);
  const big = `var a=1;${"function f(){return 1}".repeat(Math.ceil(MIN_BYTES / 20))}`;
  fs.writeFileSync(path.join(assets, "_shared/chunk-BIG.js"), big);
  fs.writeFileSync(
    path.join(assets, "_shared/chunk-BIG.js.map"),
    JSON.stringify({ version: 3, mappings: "AAAA,CAAC" }),
  );
  fs.writeFileSync(path.join(assets, "_shared/chunk-SMALL.js"), "var b=2;");
  fs.writeFileSync(path.join(assets, "_shared/chunk-APP.js"), big);
  return { publicDir, assets, big };
}

const read = (file: string) => fs.readFileSync(file, "utf8");

describe("addCompileHints", () => {
  it("marks the entry's imports from MIN_BYTES up, shifts their maps, and leaves the rest as built", () => {
    const { publicDir, assets, big } = built();
    expect(addCompileHints(publicDir, assets)).toEqual(["/build/_shared/chunk-BIG.js"]);
    expect(read(path.join(assets, "_shared/chunk-BIG.js"))).toBe(HINT + big);
    expect(HINT).toBe("//# allFunctionsCalledOnLoad\n");
    expect(JSON.parse(read(path.join(assets, "_shared/chunk-BIG.js.map"))).mappings).toBe(";AAAA,CAAC");
    expect(read(path.join(assets, "_shared/chunk-SMALL.js"))).toBe("var b=2;");
    // A route's import is not the entry's: loaded by some pages only.
    expect(read(path.join(assets, "_shared/chunk-APP.js"))).toBe(big);
  });

  it("marks nothing the second time", () => {
    const { publicDir, assets, big } = built();
    addCompileHints(publicDir, assets);
    expect(addCompileHints(publicDir, assets)).toEqual([]);
    expect(read(path.join(assets, "_shared/chunk-BIG.js"))).toBe(HINT + big);
    expect(JSON.parse(read(path.join(assets, "_shared/chunk-BIG.js.map"))).mappings).toBe(";AAAA,CAAC");
  });

  it("refuses a folder without a build", () => {
    const publicDir = fs.mkdtempSync(path.join(os.tmpdir(), "hints-"));
    dirs.push(publicDir);
    fs.mkdirSync(path.join(publicDir, "build"));
    expect(() => addCompileHints(publicDir, path.join(publicDir, "build"))).toThrow(/no manifest/);
  });
});
