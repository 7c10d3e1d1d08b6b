// Remix's Link, NavLink and Form, told by default not to announce their paths for route discovery at render
// (issue 44). With lazy route discovery (remix.config.js) they carry `data-discover`, and once a page
// hydrates Remix asks `/__manifest` for every such path on it; the routes it learns are patched into the
// router, which renders the whole page again (twice, on `/booking`): a request and 10-30 ms of a desktop CPU
// right after hydration, on every page load. Without it a route is learned when it is first navigated to, by
// the same `/__manifest` request, just before its data and module. The default is set once, here, on the
// components themselves (a `discover` prop still wins): wrappers of our own were a shared chunk of their
// own on every page (264 bytes gzip and a request). The root module calls it when it is evaluated, on the
// server and in the browser, before anything renders (package.json has `sideEffects: false`: a bare import
// would be dropped).
import { Form, Link, NavLink } from "@remix-run/react";

export function discoverRoutesOnNavigation() {
  for (const component of [Link, NavLink, Form])
    component.defaultProps = { ...component.defaultProps, discover: "none" };
}
