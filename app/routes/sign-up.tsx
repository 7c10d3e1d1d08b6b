import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { SignUpForm } from "~/components/auth-forms";
import { Toaster } from "~/components/toaster";
import { titleMeta } from "~/lib/meta";
import { cleanFsaInput, isCanadianFsa } from "~/lib/postal";
import { redirect, signUpFromForm, readForm, getT, getUserId } from "~/services/http/pages.server";

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  if (await getUserId(request)) throw redirect("/");
  const t = await getT(request);
  const raw = cleanFsaInput(new URL(request.url).searchParams.get("postalCode") ?? "");
  return { title: t("signUp.title"), postalFsa: isCanadianFsa(raw) ? raw : "" };
}

export async function action({ request }: ActionFunctionArgs) {
  return signUpFromForm(request, await readForm(request));
}

export default function SignUp() {
  const { t } = useTranslation();
  const { postalFsa } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  return (
    <div className="mx-auto max-w-md">
      <Toaster toast={actionData?.toast ?? null} />
      <h1 className="page-title">{t("signUp.title")}</h1>
      <p className="mt-1 text-stone-700">{t("signUp.subtitle")}</p>
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
