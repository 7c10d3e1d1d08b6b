// Code a page shows only sometimes, fetched by the browser only when the page shows it (issue 44, the JS
// budget): a resident without a plan, without a mobile number or without a calendar link never downloads the
// plan's forms, the number's code form or the calendar link's how-tos. The server renders the component itself,
// through a `.server` module that re-exports it (empty in the browser's build, so the browser's bundle has no
// static import of it); the browser renders it through `React.lazy`, inside a Suspense boundary of its own.
//
// Each island leaves a marker after itself (`<template hidden data-island="name">`: no box, outside every
// `:not([hidden])` sibling rule). Before hydrating, the browser's entry fetches the code of every island the
// server's HTML holds (`preloadIslands`), and such an island renders that component itself, not React.lazy:
// hydration never waits for an island's code, so no update can reach a boundary still dehydrated and no input
// meets a suspended one. An island first rendered later (a client-side navigation, an action's answer) goes
// through React.lazy and shows once its code has come (a few hundred bytes, usually already cached). If the code
// cannot be fetched before hydrating, the boundary keeps the server's HTML until it comes, as React does for any
// lazy component.
import { lazy, Suspense, useState, type ComponentProps, type ComponentType } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props read from it
type AnyComponent = ComponentType<any>;

const loaders = new Map<string, () => Promise<AnyComponent>>();
/** The islands' code fetched before hydrating (`preloadIslands`). */
const preloaded = new Map<string, AnyComponent>();

/** An island named `name` (its marker's value): `onServer` is the component on the server, `load` brings it in the browser. */
export function island<C extends AnyComponent>(name: string, onServer: C | undefined, load: () => Promise<C>) {
  loaders.set(name, load);
  const Lazy = lazy(() => load().then((component) => ({ default: component })));
  function Island(props: ComponentProps<C>) {
    // Fixed for the island's life: on the server its component; in the browser the code fetched before
    // hydrating when there was, else React.lazy (an island first shown after hydrating).
    const [Component] = useState<AnyComponent>(() => onServer ?? preloaded.get(name) ?? Lazy);
    return (
      <>
        <Suspense fallback={null}>
          <Component {...props} />
        </Suspense>
        <template hidden data-island={name} />
      </>
    );
  }
  return Island;
}

/**
 * Fetches the code of every island `root` holds; resolves once all have come or failed (a failure leaves that
 * island to React.lazy). The browser's entry awaits it before hydrating, through `window.recircleIslands`: the
 * page's route modules, evaluated before the entry, set it when one of them has islands, so a page without any
 * carries none of this code.
 */
function preloadIslands(root: ParentNode): Promise<void> {
  const names = new Set<string>();
  root.querySelectorAll("template[data-island]").forEach((marker) => {
    const name = marker.getAttribute("data-island");
    if (name && loaders.has(name)) names.add(name);
  });
  return Promise.all(
    [...names].map((name) =>
      loaders.get(name)!()
        .then((component) => void preloaded.set(name, component))
        .catch(() => undefined),
    ),
  ).then(() => undefined);
}

declare global {
  interface Window {
    recircleIslands?: typeof preloadIslands;
  }
}
if (typeof window !== "undefined") window.recircleIslands = preloadIslands;
