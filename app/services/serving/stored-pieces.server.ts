// The server's side of components/stored-pieces (issue 44, first views): parts of pages rendered once per input
// set, then put in their place as stored markup. The pieces are few (per language: a header per signed-in account
// and its notifications, a footer per bottom-bar tab, a booking calendar per area and availability), kept least
// recently used first out.
import type { EntryContext } from "@remix-run/node";
import { createElement, Fragment } from "react";
import { activeTab } from "~/lib/bottom-tabs";
import { isOperatorPath } from "~/lib/operator-shell";
import type { PieceStore } from "~/components/stored-pieces";

/** What a piece's forms render for the page's address (`useHere`); never in a page's own text. */
const HERE_PLACEHOLDER = "recircle-piece-here-b7c2e9";

/** The markers around and in place of a piece: `<template>` elements, as React renders them. */
const pieceMarker = (kind: "start" | "end" | "at", index: number) =>
  `<template data-piece-${kind}="${index}"></template>`;
const markerElement = (kind: "start" | "end" | "at", index: number) =>
  createElement("template", { [`data-piece-${kind}`]: index });

/** Markup by piece key; a header with its notifications or a calendar is 5-20 KB, so a few MB at most. */
const stored = new Map<string, string>();
const STORED_MAX = 400;

function remember(key: string, markup: string) {
  stored.delete(key);
  stored.set(key, markup);
  if (stored.size > STORED_MAX) stored.delete(stored.keys().next().value as string);
}

/** As React escapes an attribute's value or a text (react-dom's escapeTextForBrowser). */
const ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };
const escapeLikeReact = (text: string) => text.replace(/["&'<>]/g, (char) => ESCAPES[char]!);

export type PieceRender = PieceStore & {
  /** The rendered document with each piece's markers replaced by its markup, new pieces stored. */
  splice(html: string): string;
};

/**
 * What the root's header and footer (root.tsx `Shell`) are rendered from besides the language: the root loader's
 * data (the language, the account and its notifications, the support address) and the page's path (whether it
 * is an operator's page, the bottom bar's tab as NavLink matches it). Read here rather than in the component, so
 * the browser's build has none of it. More than the markup needs is fine: a key too fine only stores more.
 */
export function shellInputs(context: EntryContext, url: string): Record<string, string> {
  const root = context.staticHandlerContext.loaderData?.root as Partial<ShellData> | undefined;
  const { pathname } = new URL(url);
  const user = root?.user ?? null;
  return {
    head: JSON.stringify([root?.locale, user && [user.email, user.isAdmin, user.isDriver], root?.notifications]),
    foot: JSON.stringify([root?.supportEmail, user && [user.isDriver], isOperatorPath(pathname), activeTab(pathname)]),
  };
}

type ShellData = {
  locale: string;
  user: { email: string; isAdmin: boolean; isDriver: boolean } | null;
  notifications: unknown[];
  supportEmail: string | null;
};

/**
 * The store for one document render (a fresh one for every render, a retried one included): its language (the
 * server entry's i18next instance's), the page's address (`pathname + search` of its URL, as the server's router
 * has it), and inputs the server read for pieces rendered without (`shellInputs`).
 */
export function pieceRender(language: string, url: string, named: Record<string, string> = {}): PieceRender {
  const { pathname, search } = new URL(url);
  const pageAddress = pathname + search;
  const keys: string[] = [];
  const markups: (string | undefined)[] = [];
  return {
    // A piece seen before is a marker the splice replaces by its markup; a new one is rendered between two markers,
    // with the placeholder for the page's address.
    piece(name, inputs, children, Here) {
      const key = `${name}\n${language}\n${inputs}\n${named[name] ?? ""}`;
      const markup = stored.get(key);
      if (markup !== undefined) remember(key, markup);
      markups.push(markup);
      const index = keys.push(key) - 1;
      if (markup !== undefined) return markerElement("at", index);
      return createElement(
        Fragment,
        null,
        markerElement("start", index),
        createElement(Here, { value: HERE_PLACEHOLDER }, children),
        markerElement("end", index),
      );
    },
    splice(html) {
      const here = escapeLikeReact(pageAddress);
      const fill = (markup: string) => markup.split(HERE_PLACEHOLDER).join(here);
      let out = "";
      let from = 0;
      keys.forEach((key, index) => {
        const markup = markups[index];
        if (markup !== undefined) {
          const marker = pieceMarker("at", index);
          const at = html.indexOf(marker, from);
          if (at === -1) return;
          out += html.slice(from, at) + fill(markup);
          from = at + marker.length;
          return;
        }
        const start = pieceMarker("start", index);
        const end = pieceMarker("end", index);
        const at = html.indexOf(start, from);
        const to = at === -1 ? -1 : html.indexOf(end, at);
        if (to === -1) return;
        const inner = html.slice(at + start.length, to);
        remember(key, inner);
        out += html.slice(from, at) + fill(inner);
        from = to + end.length;
      });
      return out + html.slice(from);
    },
  };
}

/** For tests: forget every stored piece (the next render of each is React's own). */
export function forgetPieces() {
  stored.clear();
}
