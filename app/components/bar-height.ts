// The room a bar takes over the page, kept as a CSS variable on <html> for the scroll padding (tailwind.css):
// the sticky header's height (`--header-height`) and the fixed bottom bar's (`--bottom-bar-height`), or 0
// when the bar scrolls with the page (a line too short for the text: the `narrow` variant, which follows the
// root's font size too, as a browser's text scaling sets it). Measured again when the bar wraps or the window
// changes.
import { useEffect, useRef } from "react";

export function useBarHeight<T extends HTMLElement>(variable: "--header-height" | "--bottom-bar-height") {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const update = () => {
      const over = /^(sticky|fixed)$/.test(getComputedStyle(bar).position);
      root.style.setProperty(variable, `${over ? bar.getBoundingClientRect().height : 0}px`);
    };
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    observer.observe(root);
    window.addEventListener("resize", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      root.style.removeProperty(variable);
    };
  }, [variable]);
  return ref;
}
