// The stylesheet in two parts (issue 42 part 10): pages inline everything but the container queries (the
// Nu HTML Checker does not know them), which /narrow.css serves.
import { describe, expect, it } from "vitest";
import { narrowStylesheetPath } from "~/lib/paths";
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

describe("narrowStylesheetPath", () => {
  it("is versioned by the built stylesheet's name", () => {
    expect(narrowStylesheetPath("/build/_assets/tailwind-72AWWEWT.css")).toBe("/narrow.css?v=tailwind-72AWWEWT");
  });
});
