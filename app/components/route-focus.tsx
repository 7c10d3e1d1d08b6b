// With JavaScript a new page does not load, so nothing moves focus or tells a screen reader: on every
// navigation to another pathname, focus goes to the new page's main heading (or the main region), as
// after a full page load, and a polite announcer says the new title. Same-page changes (search params,
// #fragments, fetchers, a refused form showing its error) keep focus where the page put it.
// Scroll is left to ScrollRestoration (top on a new page, the saved position on Back).
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

export function RouteFocus() {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  const [title, setTitle] = useState("");

  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const main = document.getElementById("main");
    const target = main?.querySelector("h1") ?? main;
    if (target) {
      if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
      target.focus({ preventScroll: true });
    }
    setTitle(document.title);
  }, [pathname]);

  return (
    <div className="sr-only" aria-live="polite" aria-atomic="true" data-testid="route-announcer">
      {title}
    </div>
  );
}
