// Post, redirect, get for a refused form sent without JavaScript (issue 33, part 10). A browser that
// posted a form as a navigation and was answered with the page and its errors would, on Back, ask to post
// it again ("Confirm Form Resubmission"). So that answer becomes a 303 back to the same address, the
// action's reply carried in the visitor cookie's flash; the page's GET shows it (root loader, then
// components/action-answer), and Back never asks to resubmit. With JavaScript the form is posted as a data
// request, which this never sees; programs (curl, the API's callers) keep the 4xx answer with its page.
import type { EntryContext } from "@remix-run/node";
import { FORM_ERROR_ANCHOR, type FormReply } from "~/lib/form-reply";
import { SPAM_ERROR } from "../http/honeypot.server";
import { flashRefusedForm } from "../http/toast.server";

/** A navigation by a browser: it says so (Sec-Fetch-Mode), or asks for a page, as programs do not. */
function browserNavigation(request: Request) {
  const mode = request.headers.get("Sec-Fetch-Mode");
  if (mode) return mode === "navigate";
  return (request.headers.get("Accept") ?? "").includes("text/html");
}

/** The refused form's answer: the action's reply (one shape: app/lib/form-reply) and the route it is for. */
function refusedReply(status: number, context: EntryContext) {
  if (status < 400 || status >= 500 || status === 404 || status === 405) return null;
  const handler = context.staticHandlerContext;
  if (handler.errors) return null;
  const [entry] = Object.entries(handler.actionData ?? {});
  if (!entry) return null;
  const [routeId, data] = entry;
  if (!data || typeof data !== "object" || !("reply" in data)) return null;
  // A filled trap is a program's post: answered in place, with its 400.
  if ((data as FormReply).reply.error?.[""]?.includes(SPAM_ERROR)) return null;
  return { routeId, data };
}

/** The 303 back to the form's page carrying its refusal, or null when the page is to be rendered. */
export async function refusedFormRedirect(
  request: Request,
  status: number,
  context: EntryContext,
  headers: Headers,
): Promise<Response | null> {
  if (request.method !== "POST" || !browserNavigation(request)) return null;
  const carried = refusedReply(status, context);
  if (!carried) return null;
  const cookie = await flashRefusedForm(request, carried);
  if (!cookie) return null;
  // The very address posted to (an index route's `?index` included: its GET renders the same page). A
  // refusal of the whole form opens the page at its error (components/ui/plain-field FormError's id), not at
  // the top, where a phone would show the header and the start of the page instead (issue 42, part 6).
  const url = new URL(request.url);
  const formError = (carried.data as FormReply).reply.error?.[""]?.length ? `#${FORM_ERROR_ANCHOR}` : "";
  const answer = new Headers({ Location: `${url.pathname}${url.search}${formError}`, "Cache-Control": "no-store" });
  // The action's own cookies (a session touched, a rate limit) still reach the browser.
  for (const value of headers.getSetCookie()) answer.append("Set-Cookie", value);
  answer.append("Set-Cookie", cookie);
  return new Response(null, { status: 303, headers: answer });
}
