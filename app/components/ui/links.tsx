// Remix's Link, NavLink and Form, each told not to announce its path for route discovery at render
// (issue 44). With lazy route discovery (remix.config.js), Remix's own elements carry `data-discover`, and
// once a page hydrates Remix asks `/__manifest` for every such path on it; the routes it learns are patched
// into the router, which renders the whole page again (twice, on `/booking`): a request and 10-30 ms of a
// desktop CPU right after hydration, on every page load. Here a route is learned when it is first navigated
// to, by the same `/__manifest` request, just before its data and module. The pages and their links are the
// same otherwise; without JavaScript they are plain links and forms as before.
import {
  Form as RemixForm,
  Link as RemixLink,
  NavLink as RemixNavLink,
  type FormProps,
  type LinkProps,
  type NavLinkProps,
} from "@remix-run/react";
import { forwardRef } from "react";

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  return <RemixLink discover="none" {...props} ref={ref} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  return <RemixNavLink discover="none" {...props} ref={ref} />;
});

export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(props, ref) {
  return <RemixForm discover="none" {...props} ref={ref} />;
});
