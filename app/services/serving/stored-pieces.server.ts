// The server's side of components/stored-pieces (issue 44, first views): parts of pages rendered once per input
// set, then put in their place as stored markup. The pieces are few (per language: a header per signed-in account
// and its notifications, a footer per bottom-bar tab, a booking calendar per area and availability), kept least
// recently used first out.
import { HERE_PLACEHOLDER, pieceMarker, type PieceStore } from "~/components/stored-pieces";

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

/** The store for one document render (a fresh one for every render, a retried one included). */
export function pieceRender(): PieceRender {
  const keys: string[] = [];
  const markups: (string | undefined)[] = [];
  const render: PieceRender = {
    here: null,
    use(key) {
      const markup = stored.get(key);
      if (markup !== undefined) remember(key, markup);
      markups.push(markup);
      return { index: keys.push(key) - 1, stored: markup !== undefined };
    },
    splice(html) {
      const here = escapeLikeReact(render.here ?? "");
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
  return render;
}

/** For tests: forget every stored piece (the next render of each is React's own). */
export function forgetPieces() {
  stored.clear();
}
