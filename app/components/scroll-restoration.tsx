// Remix's <ScrollRestoration>, its hooks as they are (react-router keeps and restores each entry's position
// on client-side navigations), with a cheaper inline script for a new page (components/
// scroll-restoration.server). The script's text is made by the server only (the browser's build has that
// module empty): hydration leaves a script's inner HTML as the server wrote it.
import { ScrollRestoration as RemixScrollRestoration } from "@remix-run/react";
import * as onServer from "./scroll-restoration.server";

type Props = Parameters<typeof RemixScrollRestoration>[0];

/** Remix's key in session storage (its scroll-restoration module's STORAGE_KEY). */
const STORAGE_KEY = "positions";

export function ScrollRestoration(props: Props) {
  // Called as a function, its hooks are this component's own, in the same order on every render; its
  // script is not rendered (ours is, below).
  RemixScrollRestoration(props);
  return (
    <script
      nonce={props?.nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: onServer.restoreScrollScript?.(STORAGE_KEY) ?? "" }}
    />
  );
}
