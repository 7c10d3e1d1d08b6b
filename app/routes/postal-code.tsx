// The service-area check in three steps (input → result → access). Every step lives in the URL
// (?fsa=H2X, &step=access, &step=no-access) so it works as plain GET links and forms without
// JavaScript; with it, Remix moves between steps without reloading the page. The not-available
// result carries the waitlist form (POST → 303 back to the same result, with a toast).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { Toaster } from "~/components/toaster";
import { FormError, PlainField, readReply } from "~/components/ui/plain-field";
import { titleMeta } from "~/lib/meta";
import { cleanFsaInput } from "~/lib/postal";
import { type WaitlistReason, WaitlistFormSchema } from "~/lib/visitor-schemas";
import { parseSubmission, rateLimited, reject } from "~/services/http/forms.server";
import { getLanguage, getT } from "~/services/platform/i18n.server";
import { randomToken } from "~/services/accounts/passwords.server";
import { hit, RateLimitedError } from "~/services/platform/rate-limit.server";
import { checkServiceArea, InvalidPostalPrefixError } from "~/services/areas/service-areas.server";
import type { Toast } from "~/lib/toast";
import { redirectWithToast } from "~/services/http/toast.server";
import { joinWaitlist } from "~/services/areas/waitlist.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "visitor"] };

type View =
  | { step: "input"; typed: string }
  | { step: "available"; fsa: string }
  | { step: "access"; fsa: string }
  | { step: "unavailable"; fsa: string; reason: WaitlistReason };

/** Where each step lives; the waitlist redirects back here too. */
function stepHref(fsa: string, step?: "access" | "no-access") {
  const params = new URLSearchParams({ fsa });
  if (step) params.set("step", step);
  return `/postal-code?${params}`;
}

function errorToast(title: string, description: string): Toast {
  return { id: randomToken(6), type: "error", title, description };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request, "visitor");
  const params = new URL(request.url).searchParams;
  const title = t("postal.title");
  const rawFsa = params.get("fsa");
  const answer = (view: View, toast: Toast | null = null, status = 200, headers?: HeadersInit) =>
    data({ title, view, toast }, { status, headers });

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
  if (!available) return answer({ step: "unavailable", fsa, reason: "Outside Service Area" });
  if (step === "access") return answer({ step: "access", fsa });
  if (step === "no-access") return answer({ step: "unavailable", fsa, reason: "No Direct Access" });
  return answer({ step: "available", fsa });
}

export async function action({ request }: ActionFunctionArgs) {
  const { submission } = await parseSubmission(request, WaitlistFormSchema);
  const failed = { title: "errors.title", description: "visitor:waitlist.failed" };
  if (submission.status !== "success") return reject(submission, { toast: failed });
  const limited = rateLimited(request, "waitlist", submission);
  if (limited) return limited;
  const { fsa, reason } = submission.value;
  try {
    joinWaitlist({ ...submission.value, locale: await getLanguage(request) });
  } catch (error) {
    console.error("[postal-code] waitlist sign-up failed", error);
    return reject(submission, { toast: failed, status: 500 });
  }
  return redirectWithToast(request, stepHref(fsa, reason === "No Direct Access" ? "no-access" : undefined), {
    title: "toast.success",
    description: "visitor:waitlist.joinedMessage",
  });
}

export default function PostalCode() {
  const { t } = useTranslation(["visitor", "common"]);
  const { view, toast } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  // A new location (a step, or the redirect after joining the waitlist) starts the forms afresh.
  const { key } = useLocation();
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">{t("postal.title")}</h1>
      {view.step === "input" ? (
        <CheckForm key={key} typed={view.typed} invalid={Boolean(toast)} />
      ) : view.step === "available" ? (
        <section className="card mt-4 space-y-4" aria-labelledby="result-title">
          <ResultHeading id="result-title" tone="good" title={t("postal.availableTitle")} />
          <p className="text-lg" data-testid="postal-result">
            {t("postal.available", { fsa: view.fsa })}
          </p>
          <p className="text-stone-700">{t("postal.availableNext")}</p>
          <Link to={stepHref(view.fsa, "access")} className="btn-primary w-full">
            {t("postal.checkAccess")}
          </Link>
          <Link to="/postal-code" className="btn-secondary w-full">
            {t("postal.checkDifferent")}
          </Link>
        </section>
      ) : view.step === "access" ? (
        <section className="card mt-4 space-y-4" aria-labelledby="access-title">
          <h2 id="access-title" className="text-xl font-bold">
            {t("postal.accessTitle")}
          </h2>
          <p className="text-lg font-semibold">{t("postal.accessQuestion")}</p>
          <p className="text-stone-700">{t("postal.accessHelp")}</p>
          <div className="grid grid-cols-2 gap-3">
            <Link to={`/auth?postalCode=${view.fsa}`} className="btn-primary">
              {t("postal.yes")}
            </Link>
            <Link to={stepHref(view.fsa, "no-access")} className="btn-secondary">
              {t("postal.no")}
            </Link>
          </div>
          <Link to={stepHref(view.fsa)} className="btn-link inline-flex min-h-[44px] items-center">
            <span aria-hidden="true">←</span>&nbsp;{t("postal.back")}
          </Link>
        </section>
      ) : (
        <>
          <section className="card mt-4 space-y-3" aria-labelledby="result-title">
            <ResultHeading id="result-title" tone="bad" title={t("postal.unavailableTitle")} />
            {view.reason === "No Direct Access" ? (
              <>
                <p className="inline-block rounded-full bg-amber-100 px-3 py-1 text-sm font-semibold text-amber-900">
                  {t("postal.noDirectAccessBadge")}
                </p>
                <p data-testid="postal-result">{t("postal.noDirectAccess")}</p>
              </>
            ) : (
              <p data-testid="postal-result">{t("postal.outsideArea", { fsa: view.fsa })}</p>
            )}
          </section>
          <WaitlistForm key={key} fsa={view.fsa} reason={view.reason} lastResult={actionData?.reply} />
          <Link to="/postal-code" className="btn-secondary mt-4 w-full">
            {t("postal.checkDifferent")}
          </Link>
        </>
      )}
      <Toaster toast={actionData?.toast ?? toast ?? null} />
    </div>
  );
}

function ResultHeading({ id, tone, title }: { id: string; tone: "good" | "bad"; title: string }) {
  return (
    <h2 id={id} className="flex items-center gap-2 text-xl font-bold">
      <span
        aria-hidden="true"
        className={`flex h-8 w-8 items-center justify-center rounded-full text-white ${tone === "good" ? "bg-brand-700" : "bg-amber-600"}`}
      >
        {tone === "good" ? "✓" : "!"}
      </span>
      {title}
    </h2>
  );
}

/** Step 1. With JS the field upper-cases as one types and the button waits for 3 characters. */
function CheckForm({ typed, invalid }: { typed: string; invalid: boolean }) {
  const { t } = useTranslation(["visitor", "common"]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [value, setValue] = useState(typed);
  const input = useRef<HTMLInputElement>(null);
  // On a slow phone one may type before the page is interactive: keep what was typed.
  useEffect(() => {
    const typedEarly = input.current?.value ?? "";
    if (typedEarly !== typed) setValue(cleanFsaInput(typedEarly));
  }, [typed]);
  const checking =
    navigation.state !== "idle" && navigation.formMethod === "GET" && navigation.formAction === "/postal-code";
  return (
    <Form method="get" action="/postal-code" noValidate className="card mt-4 space-y-4">
      <p className="text-stone-700">{t("postal.intro")}</p>
      <div>
        <label htmlFor="fsa" className="field-label">
          {t("postal.label")}
        </label>
        <input
          ref={input}
          id="fsa"
          name="fsa"
          value={value}
          onChange={(event) => setValue(cleanFsaInput(event.target.value))}
          maxLength={3}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          aria-describedby="fsa-hint"
          aria-invalid={invalid || undefined}
          className="field-input text-center text-2xl font-bold uppercase tracking-[0.3em]"
        />
        <p id="fsa-hint" className="mt-1 text-sm text-stone-600">
          {t("postal.hint")}
        </p>
      </div>
      <button type="submit" className="btn-primary w-full" disabled={hydrated && (value.length !== 3 || checking)}>
        {checking ? t("postal.checking") : t("postal.check")}
      </button>
    </Form>
  );
}

/** On the not-available result: name and e-mail, stored with the prefix and the reason. */
function WaitlistForm({ fsa, reason, lastResult }: { fsa: string; reason: WaitlistReason; lastResult: unknown }) {
  const { t } = useTranslation(["visitor", "common"]);
  const hydrated = useHydrated();
  const navigation = useNavigation();
  // Validation is the server's (the spec asks for no format check in the browser).
  const reply = readReply(lastResult);
  const [name, setName] = useState(reply.value("name"));
  const [email, setEmail] = useState(reply.value("email"));
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const form = useRef<HTMLFormElement>(null);
  // What was typed before the page became interactive counts too (the button is disabled while empty).
  useEffect(() => {
    const fields = form.current?.elements;
    const typedName = (fields?.namedItem("name") as HTMLInputElement | null)?.value;
    const typedEmail = (fields?.namedItem("email") as HTMLInputElement | null)?.value;
    if (typedName) setName(typedName);
    if (typedEmail) setEmail(typedEmail);
  }, []);
  const incomplete = !name.trim() || !email.trim();
  const formError = reply.error("") ?? reply.error("fsa") ?? reply.error("reason");
  return (
    <Form
      ref={form}
      method="post"
      noValidate
      action={stepHref(fsa, reason === "No Direct Access" ? "no-access" : undefined)}
      className="card mt-4 space-y-4"
    >
      <h2 className="text-xl font-bold">{t("waitlist.title")}</h2>
      <p className="text-stone-700">{t("waitlist.intro")}</p>
      <FormError id="waitlist-error" errors={formError ? [formError] : []} />
      <input type="hidden" name="fsa" value={fsa} />
      <input type="hidden" name="reason" value={reason} />
      <PlainField
        id="waitlist-name"
        name="name"
        label={t("waitlist.name")}
        autoComplete="name"
        defaultValue={name}
        onInput={(e) => setName(e.currentTarget.value)}
        error={reply.error("name")}
      />
      <PlainField
        id="waitlist-email"
        name="email"
        type="email"
        label={t("waitlist.email")}
        autoComplete="email"
        defaultValue={email}
        onInput={(e) => setEmail(e.currentTarget.value)}
        error={reply.error("email")}
      />
      <button
        type="submit"
        className="btn-primary w-full"
        disabled={pending || (hydrated && incomplete)}
        aria-busy={pending || undefined}
      >
        {pending ? t("waitlist.pending") : t("waitlist.submit")}
      </button>
    </Form>
  );
}
