import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { SignInForm } from "~/components/auth-forms";
import { Toaster } from "~/components/toaster";
import { titleMeta } from "~/lib/meta";
import {
  data,
  redirect,
  signInFromForm,
  readForm,
  getT,
  getUserId,
  redirectParamPath,
  rememberRedirect,
} from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const target = new URL(request.url).searchParams.get("redirect");
  if (await getUserId(request)) throw redirect(redirectParamPath(target) || "/");
  const setCookie = await rememberRedirect(request, target);
  const t = await getT(request);
  return data({ title: t("signIn.title") }, { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export async function action({ request }: ActionFunctionArgs) {
  return signInFromForm(request, await readForm(request));
}

export default function SignIn() {
  const { t } = useTranslation();
  const actionData = useActionAnswer<typeof action>();
  return (
    <div className="mx-auto max-w-md">
      <Toaster toast={actionData?.toast ?? null} />
      <h1 className="page-title">{t("signIn.title")}</h1>
      <p className="mt-1 text-stone-700">{t("signIn.subtitle")}</p>
      <SignInForm lastResult={actionData?.reply} />
      <p className="mt-4 text-center text-stone-700">
        {t("signIn.newHere")}{" "}
        <Link to="/sign-up" className="btn-link">
          {t("signIn.createAccount")}
        </Link>
      </p>
    </div>
  );
}
