// Sign up or sign in on one page, reached from the postal check with ?postalCode=H2X. The tabs are
// links (?tab=signin) so they work without JavaScript; the checked prefix goes into the new account.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { SignInForm, SignUpForm } from "~/components/auth-forms";
import { Toaster } from "~/components/toaster";
import { NotServedNotice } from "~/components/visitor/not-served";
import { titleMeta } from "~/lib/meta";
import { cleanFsaInput, isCanadianFsa } from "~/lib/postal";
import {
  data,
  redirect,
  signInFromForm,
  signUpFromForm,
  readForm,
  getT,
  getUserId,
  isServedPrefix,
  rememberRedirect,
} from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "visitor"] };

type Tab = "signup" | "signin";

function readQuery(request: Request) {
  const params = new URL(request.url).searchParams;
  const tab: Tab = params.get("tab") === "signin" ? "signin" : "signup";
  const raw = cleanFsaInput(params.get("postalCode") ?? "");
  const fsa = isCanadianFsa(raw) ? raw : "";
  // Only a served prefix goes into the new account; another one is said to be unserved, with its waitlist.
  const served = fsa !== "" && isServedPrefix(fsa);
  return {
    tab,
    postalFsa: served ? fsa : "",
    notServed: fsa && !served ? fsa : "",
    redirectTo: params.get("redirect"),
  };
}

export async function loader({ request }: LoaderFunctionArgs) {
  const { tab, postalFsa, notServed, redirectTo } = readQuery(request);
  if (await getUserId(request)) throw redirect("/");
  const setCookie = await rememberRedirect(request, redirectTo);
  const t = await getT(request);
  return data(
    { title: t(tab === "signin" ? "signIn.title" : "signUp.title"), tab, postalFsa, notServed },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  switch (formData.get("intent")) {
    case "signup":
      return signUpFromForm(request, formData);
    case "signin":
      return signInFromForm(request, formData);
    default:
      throw new Response("Unknown form", { status: 400 });
  }
}

function tabHref(tab: Tab, postalFsa: string) {
  const params = new URLSearchParams({ tab });
  if (postalFsa) params.set("postalCode", postalFsa);
  return `/auth?${params}`;
}

export default function Auth() {
  const { t } = useTranslation(["visitor", "common"]);
  const { tab, postalFsa, notServed } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const tabs: Array<{ id: Tab; label: string }> = [
    { id: "signup", label: t("auth.signUpTab") },
    { id: "signin", label: t("auth.signInTab") },
  ];
  return (
    <div className="mx-auto max-w-md">
      <Toaster toast={actionData?.toast ?? null} />
      <nav
        aria-label={t("auth.tabsLabel")}
        className="grid grid-cols-2 gap-1 rounded-xl bg-stone-200 p-1 narrow:grid-cols-1"
      >
        {tabs.map(({ id, label }) => (
          <Link
            key={id}
            to={tabHref(id, postalFsa)}
            aria-current={tab === id ? "page" : undefined}
            className={`flex min-h-[44px] items-center justify-center rounded-lg px-3 text-center text-base font-semibold ${
              tab === id ? "bg-white text-brand-800 shadow-sm" : "text-stone-700 hover:bg-stone-100"
            }`}
          >
            {label}
          </Link>
        ))}
      </nav>
      {tab === "signup" ? (
        <>
          <h1 className="page-title mt-6">{t("common:signUp.title")}</h1>
          <p className="mt-1 text-stone-700">
            {postalFsa ? t("auth.signUpIntroArea", { fsa: postalFsa }) : t("common:signUp.subtitle")}
          </p>
          {notServed ? <NotServedNotice fsa={notServed} /> : null}
          <SignUpForm
            key="signup"
            lastResult={actionData?.reply}
            postalFsa={postalFsa}
            signInHref={tabHref("signin", postalFsa)}
            intent="signup"
          />
        </>
      ) : (
        <>
          <h1 className="page-title mt-6">{t("common:signIn.title")}</h1>
          <p className="mt-1 text-stone-700">{t("common:signIn.subtitle")}</p>
          <SignInForm key="signin" lastResult={actionData?.reply} intent="signin" />
        </>
      )}
    </div>
  );
}
