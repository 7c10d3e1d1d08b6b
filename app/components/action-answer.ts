// The page's action answer: what `useActionData` gives after a form posted with JavaScript, or, after a
// refused form posted without it (answered with a redirect back to this page so that Back never asks to
// post again: services/serving/refused-form.server), the same answer carried to this route by the root loader.
import { useActionData, useMatches, useRouteLoaderData } from "@remix-run/react";
import type { RootData } from "~/root";

export function useActionAnswer<T>(): ReturnType<typeof useActionData<T>> {
  const answered = useActionData<T>();
  const carried = useRouteLoaderData<RootData>("root")?.refusedForm;
  const leaf = useMatches().at(-1)?.id;
  if (answered !== undefined) return answered;
  return carried && carried.routeId === leaf ? (carried.data as ReturnType<typeof useActionData<T>>) : undefined;
}
