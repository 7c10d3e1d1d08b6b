// The stylesheet in two parts (issue 42 part 10): pages inline everything but the container queries in their
// <head> (the Nu HTML Checker does not know them), and the container queries as a data: URL.
import { describe, expect, it } from "vitest";
import { containerQueriesUrl } from "~/lib/paths";
import { inlineStylesheetPath } from "~/lib/paths";
import { splitStylesheet } from "~/services/http/stylesheet-parts.server";

const CSS =
  "body{container:page / inline-size;margin:0}.card{padding:1rem}" +
  "@media (max-width: 19.99em){.card{padding:.75rem}}@container page (max-width: 19.99rem){.card{padding:.75rem}}" +
  ".btn{color:red}@container page (max-width: 19.99rem){.narrow\\:static{position:static}@media print{.x{color:blue}}}" +
  ".last{color:green}";

describe("splitStylesheet", () => {
  it("keeps every rule but the container queries and the container declaration inline", () => {
    const { inline } = splitStylesheet(CSS);
    expect(inline).not.toMatch(/@container|container:/);
    expect(inline).toBe(
      "body{margin:0}.card{padding:1rem}@media (max-width: 19.99em){.card{padding:.75rem}}.btn{color:red}.last{color:green}",
    );
  });

  it("serves the container queries whole (nested blocks included) with the page as their container", () => {
    const { container } = splitStylesheet(CSS);
    expect(container).toBe(
      "body{container:page / inline-size}@container page (max-width: 19.99rem){.card{padding:.75rem}}" +
        "@container page (max-width: 19.99rem){.narrow\\:static{position:static}@media print{.x{color:blue}}}",
    );
  });

  it("leaves a stylesheet without container queries as it is", () => {
    expect(splitStylesheet(".a{color:red}")).toEqual({ inline: ".a{color:red}", container: "" });
  });
});

describe("inlineStylesheetPath", () => {
  it("names the built stylesheet, so the file is kept for good", () => {
    expect(inlineStylesheetPath("/build/_assets/tailwind-72AWWEWT.css")).toBe("/styles/tailwind-72AWWEWT.css");
  });
});

describe("containerQueriesUrl", () => {
  it("inlines the container queries as a data: URL, none when there are none", () => {
    const css = "@container page (max-width: 19.99rem){.a{color:red}}";
    const url = containerQueriesUrl(css);
    expect(url).toMatch(/^data:text\/css;charset=utf-8,[^"<>\s]+$/);
    expect(decodeURIComponent(url.slice(url.indexOf(",") + 1))).toBe(css);
    expect(containerQueriesUrl("")).toBe("");
  });
});
