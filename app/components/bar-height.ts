// The room a bar takes over the page, kept as <html>'s scroll padding (tailwind.css has the values without
// JavaScript): the sticky header's height (top) and the fixed bottom bar's (bottom), or 0 when the bar scrolls
// with the page (a line too short for the text: the `narrow` variant, which follows the root's font size too,
// as a browser's text scaling sets it). Measured when the bar is first laid out and again when it wraps or the
// window changes.
//
// Set as <html>'s own `scroll-padding-*` (a property no element inherits), not as a custom property on <html>:
// custom properties are inherited, so changing one made the browser recompute the style of every element of
// the page, forced at once by the other bar's measure (issue 44: 11 ms of a desktop CPU after hydrating
// /booking). The same value set again changes nothing (the browser compares).
import { useEffect, useRef } from "react";

export function useBarHeight<T extends HTMLElement>(side: "top" | "bottom") {
  const ref = useRef<T>(null);
  useEffect(() => {
    const bar = ref.current;
    if (!bar) return;
    const root = document.documentElement;
    const property = `scroll-padding-${side}`;
    const update = () => {
      const over = /^(sticky|fixed)$/.test(getComputedStyle(bar).position);
      root.style.setProperty(property, `${over ? bar.getBoundingClientRect().height : 0}px`);
    };
    // Its first callback comes once the bar is laid out, in the same frame: nothing is measured in the commit.
    const observer = new ResizeObserver(update);
    observer.observe(bar);
    observer.observe(root);
    window.addEventListener("resize", update);
    return () => {
      observer.disconnect();
      window.removeEventListener("resize", update);
      root.style.removeProperty(property);
    };
  }, [side]);
  return ref;
}
