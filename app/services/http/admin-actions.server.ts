// The shared edges of admin page actions: the admin and their form, a refused change answered in place
// (400/404 with the problem's key, values and the form it belongs to), and success as a redirect with a toast.
import { data } from "@remix-run/node";
import { requireAdmin } from "./admin-auth.server";
import type { AdminProblem } from "~/lib/admin-problem";
import { AdminError } from "~/services/admin/errors.server";
import { readForm } from "./request.server";
import { redirectWithToast } from "./toast.server";

type AdminActionData = { problem: AdminProblem; values?: Record<string, string> };

/** The admin (or a thrown sign-in redirect / 403) first, then the form: nobody else's body is read. */
export async function adminForm(request: Request) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  return { admin, form, intent: String(form.get("intent") ?? "") };
}

/** An AdminError becomes the page's action data; anything else is a real failure and is rethrown. */
export function refused(error: unknown, target?: string, values?: Record<string, string>) {
  if (!(error instanceof AdminError)) throw error;
  const body: AdminActionData = {
    problem: { key: error.key, values: error.values, target, fields: error.fields },
    values,
  };
  return data(body, { status: error.status });
}

export function unknownIntent() {
  const body: AdminActionData = { problem: { key: "errors.unknownIntent" } };
  return data(body, { status: 400 });
}

/** POST → 303-style redirect → GET, with a toast whose texts are admin namespace keys. */
export function done(
  request: Request,
  to: string,
  title: string,
  description?: string,
  values?: Record<string, string | number>,
) {
  return redirectWithToast(request, to, {
    title: `admin:${title}`,
    description: description ? `admin:${description}` : undefined,
    values,
  });
}

/** The page the form was posted from (path and query), for redirecting back to it. */
export function samePage(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return url.pathname + url.search;
}
