// The header and footer stored once per input set (components/stored-pieces, services/serving/stored-pieces):
// a document whose pieces were stored is, byte for byte, the document React renders with the components
// themselves, for any address (escaped as React escapes it), and a piece whose inputs differ is rendered anew.
// Also the bottom bar's tab, which the footer's inputs name (lib/bottom-tabs).
import { createElement as h, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { StaticRouter } from "react-router-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { StoredPiece, PieceStoreProvider, useHere } from "~/components/stored-pieces";
import { activeTab } from "~/lib/bottom-tabs";
import { forgetPieces, pieceRender } from "~/services/serving/stored-pieces.server";

function Back({ label }: { label: string }) {
  const here = useHere();
  return h("form", { method: "post" }, h("input", { type: "hidden", name: "redirectTo", value: here }), label);
}

/** A page: a head piece (with a form back to the page), the page's own content, a foot piece. */
function page(head: string, body: string, foot: string): ReactNode {
  return h(
    "div",
    null,
    h(StoredPiece, { name: "head", inputs: head, children: h("header", null, h(Back, { label: head }), `${head}!`) }),
    h("main", null, body, h(Back, { label: "in main" })),
    h(StoredPiece, { name: "foot", inputs: foot, children: h("footer", null, foot) }),
  );
}

/** As the server's router has a request's URL: parsed, so what a URL encodes is encoded (a path keeps its '). */
const parsed = (url: string) => {
  const { pathname, search, hash } = new URL(url, "https://app.test");
  return pathname + search + hash;
};
const at = (url: string, node: ReactNode) => h(StaticRouter, { location: parsed(url) }, node);
const plain = (url: string, node: ReactNode) => renderToString(at(url, node));
function stored(url: string, node: ReactNode) {
  const render = pieceRender("fr", `https://app.test${parsed(url)}`);
  const html = renderToString(h(PieceStoreProvider, { value: render }, at(url, node)));
  return { html, spliced: render.splice(html) };
}

afterEach(() => forgetPieces());

describe("shell pieces", () => {
  it("renders a new piece between markers and its stored markup afterwards, the same bytes as React's own render", () => {
    const first = stored("/history", page("fr|ana", "orders", "fr|/history"));
    expect(first.html).toContain('<template data-piece-start="0"></template>');
    expect(first.spliced).not.toContain("<template");
    expect(first.spliced).toBe(plain("/history", page("fr|ana", "orders", "fr|/history")));

    const again = stored("/history", page("fr|ana", "orders, again", "fr|/history"));
    expect(again.html).toContain('<template data-piece-at="0"></template>');
    expect(again.html).not.toContain("<header>");
    expect(again.spliced).toBe(plain("/history", page("fr|ana", "orders, again", "fr|/history")));
  });

  it("fills in each page's own address, escaped as React escapes it, in the stored pieces only", () => {
    stored("/booking", page("en|ana", "book", "en|/booking"));
    for (const url of ["/booking?date=2026-12-08&x=\"'<>&amp;", "/booking/it's/<b>?q=é%20ü&r=1", "/booking#top"]) {
      const { html, spliced } = stored(url, page("en|ana", "book", "en|/booking"));
      expect(html).not.toContain("<header>");
      expect(spliced).toBe(plain(url, page("en|ana", "book", "en|/booking")));
    }
  });

  it("renders a piece anew when its inputs differ (another account, language or tab)", () => {
    stored("/", page("fr|ana", "home", "fr|/"));
    const other = stored("/", page("fr|bob", "home", "en|/"));
    expect(other.html).toContain('<template data-piece-start="0"></template>');
    expect(other.html).toContain('<template data-piece-start="1"></template>');
    expect(other.spliced).toBe(plain("/", page("fr|bob", "home", "en|/")));
    expect(other.spliced).toContain("fr|bob!");
  });

  it("is its children without the store (the browser, any other render)", () => {
    const html = plain("/profile", page("fr|ana", "profile", "fr|/profile"));
    expect(html).not.toContain("<template");
    expect(html).toContain('value="/profile"');
  });
});

describe("the bottom bar's tab", () => {
  it("matches as NavLink did: '/' only itself, any other tab its path and below, case-insensitive", () => {
    expect(activeTab("/")).toBe("/");
    expect(activeTab("/booking")).toBe("/booking");
    expect(activeTab("/Booking/")).toBe("/booking");
    expect(activeTab("/history/2026")).toBe("/history");
    expect(activeTab("/how-it-works")).toBe("/how-it-works");
    expect(activeTab("/bookings")).toBeNull();
    expect(activeTab("/order/ABCD-EFGH")).toBeNull();
    expect(activeTab("/checkout")).toBeNull();
    expect(activeTab("")).toBeNull();
  });
});
