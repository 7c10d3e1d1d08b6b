// The paths of the browser's translation files (lib/i18n's localesPath) and what routes/locales accepts
// (locales/resources' requestedNamespaces): one namespace, or a page's several in one request (issue 44).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { localesPath, textsIn } from "~/lib/i18n";
import { localesAnswer, PUBLIC_NAMESPACES, requestedNamespaces, resources } from "~/locales/resources";

const param = (path: string) => decodeURIComponent(new URL(path, "http://x").pathname.split("/")[3]!);

describe("translation file paths", () => {
  it("one namespace is its own path, as the idle preloads ask", () => {
    expect(localesPath("en", ["booking"], "abc")).toBe("/locales/en/booking?v=abc");
    expect(requestedNamespaces("booking")).toEqual(["booking"]);
  });

  it("several come in one sorted path, whatever order they were asked in, and the route takes it", () => {
    const path = localesPath("fr", ["orders", "common", "booking"], "v1");
    expect(path).toBe("/locales/fr/booking+common+orders?v=v1");
    expect(requestedNamespaces(param(path))).toEqual(["booking", "common", "orders"]);
    expect(requestedNamespaces(param(localesPath("en", PUBLIC_NAMESPACES, "v")))).toHaveLength(
      PUBLIC_NAMESPACES.length,
    );
  });

  it("the browser reads each namespace's texts back from one answer or several's", () => {
    for (const names of [["booking"], ["booking", "common", "orders"]] as const) {
      const answer = JSON.parse(JSON.stringify(localesAnswer("fr", [...names]))) as Record<string, unknown>;
      for (const ns of names) expect(textsIn(answer, names, ns)).toEqual(resources.fr[ns]);
    }
  });

  it("refuses unknown, private, repeated, unsorted or empty names", () => {
    for (const bad of [
      undefined,
      "",
      "nope",
      "emails",
      "booking+emails",
      "common+common",
      "orders+booking",
      "booking+",
      "+booking",
      "booking++common",
      "../common",
      "booking common",
    ]) {
      expect(requestedNamespaces(bad), String(bad)).toBeNull();
    }
  });
});

describe("the namespaces routes name", () => {
  it("are all ones the browser may download: one private name would refuse the page's whole request", () => {
    const routes = path.resolve(__dirname, "../../app/routes");
    const named: string[] = [];
    const files = fs.readdirSync(routes, { recursive: true, encoding: "utf8" });
    for (const file of files.filter((name) => /\.tsx?$/.test(name))) {
      const source = fs.readFileSync(path.join(routes, file), "utf8");
      for (const match of source.matchAll(/\bi18n:\s*(\[[^\]]*\]|[^,}\n]*)/g)) {
        // Written as a list of literal names everywhere, so that this reads them.
        const list = /^\[((?:\s*"[a-z]+",?)*)\s*\]/.exec(match[1]!.trim());
        expect(list, `${file}: i18n: ${match[1]}`).not.toBeNull();
        named.push(...[...list![1]!.matchAll(/"([a-z]+)"/g)].map((m) => m[1]!));
      }
    }
    expect(named.length).toBeGreaterThan(20);
    expect(named.filter((ns) => !PUBLIC_NAMESPACES.includes(ns as (typeof PUBLIC_NAMESPACES)[number]))).toEqual([]);
  });
});
