// Parts of pages that are the same for the same inputs, whoever asks (issue 44, first views): the header with its
// bell and language menu, the footer with the residents' bottom bar, the booking form's bundles and calendar
// (the same for every resident of an area). The server renders each once per input set and afterwards puts its
// stored markup in its place (services/serving/stored-pieces); the browser always renders the components
// themselves, and hydration finds the same HTML either way.
//
// - On the server, with the store the server entry hands down: a piece seen before renders a marker (an empty
//   <template>) that the entry replaces by its markup; a new piece renders between two markers, and the entry
//   keeps what lies between them.
// - The one input a piece has per page, the address its forms return to (`useHere`), is rendered there as a
//   placeholder the entry fills in with the page's own address, escaped as React escapes an attribute.
// - Anywhere else (the browser, a render without the store), `StoredPiece` is its children.
import { createContext, useContext, type ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** What the server entry hands down for one document render. */
export type PieceStore = {
  /** The piece's index in this render, and whether its markup is already stored. */
  use(key: string): { index: number; stored: boolean };
  /** The address the page's forms return to, as the server's router has it (filled in by `useHere`'s placeholder). */
  here: string | null;
};

const StoreContext = createContext<PieceStore | null>(null);
export const PieceStoreProvider = StoreContext.Provider;
const HereContext = createContext<string | null>(null);

/** What a piece's forms render for the page's address on the server; never in a page's own text. */
export const HERE_PLACEHOLDER = "recircle-piece-here-b7c2e9";

/** The markers around and in place of a piece: `<template>` elements React renders as given. */
export const pieceMarker = (kind: "start" | "end" | "at", index: number) =>
  `<template data-piece-${kind}="${index}"></template>`;

/** `pathname + search` of the page, for a form's way back; the placeholder inside a piece the server stores. */
export function useHere() {
  const location = useLocation();
  return useContext(HereContext) ?? location.pathname + location.search;
}

/**
 * `inputs`: everything the piece's markup depends on besides the translations and the language they are in (which
 * the key has always) and the page's address (`useHere`): its props, as a string.
 */
export function StoredPiece({ name, inputs, children }: { name: string; inputs: string; children: ReactNode }) {
  const store = useContext(StoreContext);
  const location = useLocation();
  const { i18n } = useTranslation();
  if (!store) return <>{children}</>;
  store.here ??= location.pathname + location.search;
  const { index, stored } = store.use(`${name}\n${i18n.language}\n${inputs}`);
  if (stored) return <template data-piece-at={index} />;
  return (
    <>
      <template data-piece-start={index} />
      <HereContext.Provider value={HERE_PLACEHOLDER}>{children}</HereContext.Provider>
      <template data-piece-end={index} />
    </>
  );
}
