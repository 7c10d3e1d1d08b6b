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

/** What the server entry hands down for one document render (services/serving/stored-pieces `pieceRender`). */
export type PieceStore = {
  /**
   * What the server renders for the piece `name` with `inputs`: a marker, or the piece between two, its `useHere`
   * placeholder provided through `Here`. The store knows the render's language and the page's address.
   */
  piece(name: string, inputs: string, children: ReactNode, Here: typeof HereContext.Provider): ReactNode;
};

const StoreContext = createContext<PieceStore | null>(null);
export const PieceStoreProvider = StoreContext.Provider;
const HereContext = createContext<string | null>(null);

/** `pathname + search` of the page, for a form's way back; a placeholder inside a piece the server stores. */
export function useHere() {
  const location = useLocation();
  return useContext(HereContext) ?? location.pathname + location.search;
}

/**
 * `inputs`: everything the piece's markup depends on besides the translations, the language they are in and the
 * page's address (`useHere`), which the store has: its props, as a string. The root's header and footer have theirs
 * read by the server from the root's data (services/serving/stored-pieces `shellInputs`), so the browser carries
 * no code for them.
 */
export function StoredPiece({ name, inputs = "", children }: { name: string; inputs?: string; children: ReactNode }) {
  const store = useContext(StoreContext);
  return store ? store.piece(name, inputs, children, HereContext.Provider) : children;
}
