// The service-area check in three steps (input → result → access). Every step lives in the URL
// (?fsa=H2X, &step=access, &step=no-access) so it works as plain GET links and forms without
// JavaScript; with it, Remix moves between steps without reloading the page. The not-available
// result carries the waitlist form (POST → 303 back to the same result, with a toast); once this browser
// has joined for that prefix, the result shows the confirmation instead of the form (after the redirect,
// on Back and on reload: the cookie remembers, and the page is not kept in the browser's history cache),
// with a link to sign up another address (&another=1).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { Toaster } from "~/components/toaster";
import { CheckForm } from "~/components/visitor/check-form";
import { AccessQuestion, AvailableResult, UnavailableResult } from "~/components/visitor/postal-results";
import { WaitlistForm, WaitlistJoined } from "~/components/visitor/waitlist-form";
import { titleMeta } from "~/lib/meta";
import { cleanFsaInput } from "~/lib/postal";
import { waitlistStepHref } from "~/lib/postal-steps";
import type { Toast } from "~/lib/toast";
import { type WaitlistReason, WaitlistFormSchema } from "~/lib/visitor-schemas";
import {
  data,
  checkServiceArea,
  InvalidPostalPrefixError,
  joinWaitlist,
  parseSubmission,
  rateLimited,
  reject,
  spamRejection,
  makeToast,
  redirectWithToast,
  waitlistedHere,
  getLanguage,
  getT,
  hit,
  RateLimitedError,
  rethrowDatabaseFault,
} from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "visitor"] };

type View =
  | { step: "input"; typed: string }
  | { step: "available"; fsa: string }
  | { step: "access"; fsa: string }
  | { step: "unavailable"; fsa: string; reason: WaitlistReason; joined: string | null };

const errorToast = (title: string, description: string) => makeToast({ title, description }, "error");

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "visitor");
  const params = new URL(request.url).searchParams;
  const title = t("postal.title");
  const rawFsa = params.get("fsa");
  // Never shown again from the history cache: Back after joining asks the server, which remembers.
  const answer = (view: View, toast: Toast | null = null, status = 200, headers: Record<string, string> = {}) =>
    data({ title, view, toast }, { status, headers: { "Cache-Control": "private, no-store", ...headers } });

  if (rawFsa === null) return answer({ step: "input", typed: "" });
  // The field keeps 3 upper-case characters; a browser without JS may send anything.
  const typed = cleanFsaInput(rawFsa);
  try {
    hit(request, "postalCheck");
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return answer({ step: "input", typed }, errorToast("errors.title", "errors.tooManyRequests"), 429, {
      "Retry-After": String(error.retryAfterSeconds),
    });
  }
  let result;
  try {
    result = checkServiceArea(typed);
  } catch (error) {
    if (error instanceof InvalidPostalPrefixError) {
      return answer({ step: "input", typed }, errorToast("errors.postalFsaInvalid", "visitor:postal.invalidHint"), 400);
    }
    console.error("[postal-code] service-area check failed", error);
    return answer({ step: "input", typed }, errorToast("errors.title", "visitor:postal.checkFailed"), 503);
  }
  const { fsa, available } = result;
  const step = params.get("step");
  const unavailable = async (reason: WaitlistReason) => {
    const joined = params.get("another") === "1" ? null : await waitlistedHere(request, fsa, reason);
    return answer({ step: "unavailable", fsa, reason, joined: joined?.email ?? null });
  };
  if (!available) return unavailable("Outside Service Area");
  if (step === "access") return answer({ step: "access", fsa });
  if (step === "no-access") return unavailable("No Direct Access");
  return answer({ step: "available", fsa });
}

export async function action({ request }: ActionFunctionArgs) {
  const { formData, submission } = await parseSubmission(request, WaitlistFormSchema);
  const spam = spamRejection(formData, submission);
  if (spam) return spam;
  const failed = { title: "errors.title", description: "visitor:waitlist.failed" };
  if (submission.status !== "success") return reject(submission, { toast: failed });
  const limited = rateLimited(request, "waitlist", submission);
  if (limited) return limited;
  const { fsa, reason } = submission.value;
  let email: string;
  try {
    ({ email } = joinWaitlist({ ...submission.value, locale: await getLanguage(request) }).entry);
  } catch (error) {
    rethrowDatabaseFault(error);
    console.error("[postal-code] waitlist sign-up failed", error);
    return reject(submission, { toast: failed, status: 500 });
  }
  return redirectWithToast(
    request,
    waitlistStepHref(fsa, reason),
    { title: "toast.success", description: "visitor:waitlist.joinedMessage" },
    new Headers(),
    { waitlisted: { fsa, reason, email } },
  );
}

export default function PostalCode() {
  const { t } = useTranslation(["visitor", "common"]);
  const { view, toast } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  // A new location (a step, or the redirect after joining the waitlist) starts the forms afresh.
  const { key } = useLocation();
  return (
    <div className="mx-auto max-w-md">
      <Toaster toast={actionData?.toast ?? toast ?? null} />
      <h1 className="page-title">{t("postal.title")}</h1>
      {view.step === "input" ? (
        <CheckForm key={key} typed={view.typed} invalid={Boolean(toast)} />
      ) : view.step === "available" ? (
        <AvailableResult fsa={view.fsa} />
      ) : view.step === "access" ? (
        <AccessQuestion fsa={view.fsa} />
      ) : (
        <>
          <UnavailableResult fsa={view.fsa} reason={view.reason} />
          {view.joined ? (
            <WaitlistJoined fsa={view.fsa} reason={view.reason} email={view.joined} />
          ) : (
            <WaitlistForm key={key} fsa={view.fsa} reason={view.reason} lastResult={actionData?.reply} />
          )}
          <Link to="/postal-code" className="btn-secondary mt-4 w-full">
            {t("postal.checkDifferent")}
          </Link>
        </>
      )}
    </div>
  );
}
