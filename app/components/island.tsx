// Code a page shows only sometimes, fetched by the browser only when the page shows it (issue 44, the JS
// budget): a resident without a plan, without an address look-up's choices and in a served area never
// downloads the plan's forms, the choices or the not-served notice. The server renders the component itself,
// through a `.server` module that re-exports it (empty in the browser's build, so the browser's bundle has no
// static import of it); the browser renders it through `React.lazy`. Both inside the same Suspense boundary,
// so hydration keeps the server's HTML for it (plain forms that work as they do without JavaScript) until its
// code has come, then hydrates it in place. Rendered on a client-side navigation, it shows once its code is
// there (a few hundred bytes, usually already cached).
import { lazy, Suspense, type ComponentProps, type ComponentType } from "react";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any component, its props read from it
export function island<C extends ComponentType<any>>(onServer: C | undefined, load: () => Promise<C>) {
  const Component = (onServer ?? lazy(() => load().then((loaded) => ({ default: loaded })))) as ComponentType<
    ComponentProps<C>
  >;
  function Island(props: ComponentProps<C>) {
    return (
      <Suspense fallback={null}>
        <Component {...props} />
      </Suspense>
    );
  }
  return Island;
}
