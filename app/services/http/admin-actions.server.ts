// The shared edges of admin page actions: the admin and their form, a refused change answered in the one
// failed-form shape (app/lib/form-reply: the problem's key under the form or row it belongs to, with its
// values; 400, or 404 for what does not exist), and success as a redirect with a toast.
import { requireAdmin } from "./admin-auth.server";
import { AdminError, toDateKey } from "~/services/admin/admin-error.server";
import { reject, submissionOf } from "./forms.server";
import { readForm } from "./request.server";
import { getLanguage } from "./language.server";
import { formatDate } from "~/lib/format";
import { redirectWithToast } from "./toast.server";

/** The admin (or a thrown sign-in redirect / 403) first, then the form: nobody else's body is read. */
export async function adminForm(request: Request) {
  const admin = await requireAdmin(request);
  const form = await readForm(request);
  return { admin, form, intent: String(form.get("intent") ?? "") };
}

/**
 * An AdminError becomes the page's failed reply, the form coming back as sent: its key is the error of
 * `target` (a form or row of the page) or, without one, of the whole form; each field problem is the
 * error of its field, its values named `<field>.<name>`. Anything else is a real failure and is rethrown.
 */
export function refused(error: unknown, form: FormData, target?: string) {
  if (!(error instanceof AdminError)) throw error;
  const fieldErrors: Record<string, string[]> = {};
  const values: Record<string, string | number> = { ...error.values };
  for (const [name, field] of Object.entries(error.fields)) {
    fieldErrors[name] = [field.key];
    for (const [key, value] of Object.entries(field.values ?? {})) values[`${name}.${key}`] = value;
  }
  if (target) fieldErrors[target] = [error.key];
  return reject(submissionOf(form), {
    formErrors: target ? undefined : [error.key],
    fieldErrors,
    values: Object.keys(values).length ? values : undefined,
    status: error.status,
  });
}

/**
 * `refused`, with a refusal's calendar date (its `date` value, 'YYYY-MM-DD') written as the operator
 * reads it: 'Wed, Dec 3' / 'mer. 3 déc.'.
 */
export async function refusedOnDate(request: Request, error: unknown, form: FormData, target?: string) {
  if (error instanceof AdminError && typeof error.values.date === "string" && toDateKey(error.values.date)) {
    error.values.date = await dayLabel(request, error.values.date);
  }
  return refused(error, form, target);
}

export function unknownIntent(form: FormData) {
  return reject(submissionOf(form), { formErrors: ["errors.unknownIntent"] });
}

/** POST → 303-style redirect → GET, with a toast whose texts are admin namespace keys. */
export function done(
  request: Request,
  to: string,
  title: string,
  description?: string,
  values?: Record<string, string | number>,
) {
  // A key naming its namespace (`stops:…`) is taken as written.
  const key = (k: string) => (k.includes(":") ? k : `admin:${k}`);
  return redirectWithToast(request, to, {
    title: key(title),
    description: description ? key(description) : undefined,
    values,
  });
}

/** A calendar date as the operator reads it in a toast: 'Wed, Nov 25' / 'mer. 25 nov.'. */
export async function dayLabel(request: Request, date: string): Promise<string> {
  return formatDate(date, await getLanguage(request), "short");
}

/** The page the form was posted from (path and query), for redirecting back to it. */
export function samePage(request: Request): string {
  const url = new URL(request.url);
  url.searchParams.delete("index");
  return url.pathname + url.search;
}
