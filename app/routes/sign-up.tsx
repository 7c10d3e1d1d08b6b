import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { SignUpForm } from "~/components/auth-forms";
import { Toaster } from "~/components/toaster";
import { NotServedNotice } from "~/components/visitor/not-served";
import { titleMeta } from "~/lib/meta";
import { cleanFsaInput, isCanadianFsa } from "~/lib/postal";
import { redirect, signUpFromForm, readForm, getT, getUserId, isServedPrefix } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;
export const handle = { i18n: ["common", "visitor"] };

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUserId(request)) throw redirect("/");
  const t = await getT(request);
  const raw = cleanFsaInput(new URL(request.url).searchParams.get("postalCode") ?? "");
  const fsa = isCanadianFsa(raw) ? raw : "";
  // Only a served prefix goes into the new account; another one is said to be unserved, with its waitlist.
  const served = fsa !== "" && isServedPrefix(fsa);
  return { title: t("signUp.title"), postalFsa: served ? fsa : "", notServed: fsa && !served ? fsa : "" };
}

export async function action({ request }: ActionFunctionArgs) {
  return signUpFromForm(request, await readForm(request));
}

export default function SignUp() {
  const { t } = useTranslation();
  const { postalFsa, notServed } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  return (
    <div className="mx-auto max-w-md">
      <Toaster toast={actionData?.toast ?? null} />
      <h1 className="page-title">{t("signUp.title")}</h1>
      <p className="mt-1 text-stone-700">{t("signUp.subtitle")}</p>
      {notServed ? <NotServedNotice fsa={notServed} /> : null}
      <SignUpForm lastResult={actionData?.reply} postalFsa={postalFsa} />
      <p className="mt-4 text-center text-stone-700">
        {t("signUp.haveAccount")}{" "}
        <Link to="/sign-in" className="btn-link">
          {t("signIn.submit")}
        </Link>
      </p>
    </div>
  );
}
