// The rules between folders are only worth what they refuse: each is tried here against a planted file,
// with the project's own dependency-cruiser and ESLint configurations. A rule loosened or dropped from
// either file fails its case (and a clean file is shown to pass, so the cases fail for the right reason).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { ESLint } from "eslint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const root = path.resolve(__dirname, "../..");

describe("dependency-cruiser refuses an import across the layers", () => {
  let dir: string;
  const files: Record<string, string> = {
    "tsconfig.json": JSON.stringify({ compilerOptions: { baseUrl: ".", paths: { "~/*": ["./app/*"] } } }),
    "app/services/http/request.server.ts": "export const readForm = 1;\n",
    "app/services/platform/db.server.ts": "export const db = 1;\n",
    "app/services/serving/render-cache.server.ts": "export const renderKey = 1;\n",
    "app/services/booking/quote.server.ts":
      'import { db } from "~/services/platform/db.server";\nexport const q = db;\n',
  };
  const planted: Record<string, string> = {
    "domains-never-import-the-web-edge":
      'import { readForm } from "~/services/http/request.server";\nexport const a = readForm;\n',
    "domains-never-import-remix": 'import { redirect } from "@remix-run/node";\nexport const b = redirect;\n',
    "resource-routes-never-import-platform":
      'import { db } from "~/services/platform/db.server";\nexport const loader = () => db;\n',
    "only-the-server-entry-imports-serving":
      'import { renderKey } from "~/services/serving/render-cache.server";\nexport const c = renderKey;\n',
  };
  const plantedPath: Record<string, string> = {
    "domains-never-import-the-web-edge": "app/services/booking/planted-edge.server.ts",
    "domains-never-import-remix": "app/services/booking/planted-remix.server.ts",
    "resource-routes-never-import-platform": "app/routes/api.planted.ts",
    "only-the-server-entry-imports-serving": "app/services/http/planted-serving.server.ts",
  };

  function cruise(only: string[]): { rule: string; from: string }[] {
    const args = [path.join(root, "node_modules/dependency-cruiser/bin/dependency-cruise.mjs")];
    args.push("--config", path.join(root, ".dependency-cruiser.cjs"), "--output-type", "json", ...only);
    let out: string;
    try {
      out = execFileSync(process.execPath, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    } catch (error) {
      out = (error as { stdout: string }).stdout; // a violation exits non-zero; the JSON is still printed
    }
    const result = JSON.parse(out) as { summary: { violations: { rule: { name: string }; from: string }[] } };
    return result.summary.violations.map((v) => ({ rule: v.rule.name, from: v.from }));
  }

  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "layer-rules-"));
    fs.symlinkSync(path.join(root, "node_modules"), path.join(dir, "node_modules"));
    for (const [file, text] of Object.entries(files)) {
      fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      fs.writeFileSync(path.join(dir, file), text);
    }
    for (const [rule, text] of Object.entries(planted)) {
      fs.mkdirSync(path.dirname(path.join(dir, plantedPath[rule])), { recursive: true });
      fs.writeFileSync(path.join(dir, plantedPath[rule]), text);
    }
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it("a screen's glue beside its page (a folder route) may not import the platform either", () => {
    const glue = "app/routes/planted/glue.server.ts";
    fs.mkdirSync(path.join(dir, "app/routes/planted"), { recursive: true });
    fs.writeFileSync(path.join(dir, glue), planted["resource-routes-never-import-platform"]!);
    expect(cruise([glue])).toContainEqual({ rule: "resource-routes-never-import-platform", from: glue });
  });

  it("a domain importing the platform, as it should, passes", () => {
    expect(cruise(["app/services/booking/quote.server.ts"])).toEqual([]);
  });

  for (const rule of Object.keys(planted)) {
    it(`${rule}: the planted import is refused`, () => {
      expect(cruise([plantedPath[rule]])).toContainEqual({ rule, from: plantedPath[rule] });
    });
  }
});

describe("ESLint holds services and routes to their shape", () => {
  const eslint = new ESLint({ cwd: root });
  async function rulesBroken(file: string, text: string) {
    const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
    return result.messages.map((m) => m.ruleId);
  }
  const lines = (n: number) => Array.from({ length: n }, (_, i) => `export const value${i} = ${i};`).join("\n") + "\n";

  it("a service of 300 lines of code passes, one of 301 is refused (max-lines)", async () => {
    expect(await rulesBroken("app/services/booking/planted.server.ts", lines(300))).toEqual([]);
    expect(await rulesBroken("app/services/booking/planted.server.ts", lines(301))).toContain("max-lines");
  });

  it("a resource route may not reach the platform or the database", async () => {
    const platform = 'import { db } from "~/services/platform/db.server";\nexport const loader = () => db;\n';
    expect(await rulesBroken("app/routes/api.planted.ts", platform)).toContain("no-restricted-imports");
    const drizzle = 'import { eq } from "drizzle-orm";\nexport const loader = () => eq;\n';
    expect(await rulesBroken("app/routes/api.planted.ts", drizzle)).toContain("no-restricted-imports");
    const edge = 'import { readForm } from "~/services/http/request.server";\nexport const loader = () => readForm;\n';
    expect(await rulesBroken("app/routes/api.planted.ts", edge)).toEqual([]);
  });

  it("a page module takes server code from pages.server only", async () => {
    const direct =
      'import { quoteBooking } from "~/services/booking/quote.server";\nexport const loader = quoteBooking;\n';
    expect(await rulesBroken("app/routes/planted.tsx", direct)).toContain("no-restricted-imports");
  });

  it("no `export *` anywhere in app", async () => {
    const star = 'export * from "~/services/booking/quote.server";\n';
    expect(await rulesBroken("app/services/http/planted.server.ts", star)).toContain("no-restricted-syntax");
  });
});
