// /unsubscribe/{token}: the one-click unsubscribe of a reminder, day-after or alert e-mail (issue 35, part
// 6), signed out. GET shows what it stops and a button (a plain POST, no JavaScript needed); the POST
// turns it off (reminder e-mails only: a resident on e-mail and text keeps texts, and is told so), and so does a mail client's RFC 8058 POST (`List-Unsubscribe=One-Click`). A tampered or
// unknown token answers 400 with a page saying the link is not valid.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/lib/meta";
import { data, getT, readUnsubscribeToken, unsubscribe } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "reminders"] };
export const meta: MetaFunction = titleMeta;

const NO_STORE = { "Cache-Control": "private, no-store", "Referrer-Policy": "no-referrer" };

async function invalid(request: Request) {
  const t = await getT(request, "reminders");
  return data(
    { title: t("unsubscribe.invalidTitle"), state: "invalid" as const, kind: null, email: null, textsKeptTo: null },
    { status: 400, headers: NO_STORE },
  );
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const target = readUnsubscribeToken(params.token ?? "");
  if (!target) return invalid(request);
  const t = await getT(request, "reminders");
  return data(
    {
      title: t("unsubscribe.title"),
      state: "confirm" as const,
      kind: target.kind,
      email: target.email,
      textsKeptTo: null,
    },
    { headers: NO_STORE },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const target = unsubscribe(params.token ?? "");
  if (!target) return invalid(request);
  const t = await getT(request, "reminders");
  return data(
    {
      title: t("unsubscribe.title"),
      state: "done" as const,
      kind: target.kind,
      email: target.email,
      /** Reminders by text go on to this number (issue 42): the page says so. */
      textsKeptTo: target.textsKeptTo,
    },
    { headers: NO_STORE },
  );
}

export default function Unsubscribe() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionAnswer<typeof action>();
  const view = acted ?? loaded;
  const { t } = useTranslation(["reminders", "common"]);
  return (
    <div className="mx-auto max-w-md">
      <h1 className="page-title">
        {view.state === "invalid" ? t("unsubscribe.invalidTitle") : t("unsubscribe.title")}
      </h1>
      {view.state === "invalid" ? (
        <p className="mt-3 text-stone-700" data-testid="unsubscribe-invalid">
          {t("unsubscribe.invalid")}
        </p>
      ) : view.state === "done" ? (
        <p className="mt-3 text-stone-700" role="status" data-testid="unsubscribe-done">
          {view.textsKeptTo ? t("unsubscribe.doneKeepsTexts", { phone: view.textsKeptTo }) : t("unsubscribe.done")}
        </p>
      ) : (
        <Form method="post" className="card mt-4 space-y-4">
          <p className="text-stone-800">{t(`unsubscribe.confirm_${view.kind}`, { email: view.email })}</p>
          <button type="submit" className="btn-primary w-full">
            {t("unsubscribe.button")}
          </button>
        </Form>
      )}
      <p className="mt-4 text-center">
        <Link to="/profile" className="btn-link">
          {t("unsubscribe.profile")}
        </Link>
      </p>
    </div>
  );
}
