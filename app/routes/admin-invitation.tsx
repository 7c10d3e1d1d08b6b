// The link of an admin (or driver, issue 36) invitation (issue 21, part 2): /admin-invitation?token=…
// Signed in as the invited address, a button grants the role (the session is then renewed) and goes to
// /admin (a driver: /driver); signed out, the
// visitor signs in and comes back here (the token goes through the visitor cookie, never a logged URL);
// another account, or a link that is unknown, expired, used or revoked: a message, nothing changes.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { titleMeta } from "~/lib/meta";
import {
  data,
  redirect,
  INVITATION_PATH,
  InvitationError,
  invitationView,
  type InvitationView,
  acceptAdminInvitation,
  getT,
  readForm,
  createUserSession,
  destroyUserSession,
  getUser,
  redirectWithToast,
  rememberRedirect,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "driver"] };
export const meta: MetaFunction = titleMeta;

const STATUS: Record<InvitationView["state"], number> = {
  ready: 200,
  signedOut: 200,
  unknown: 404,
  otherAccount: 403,
  expired: 410,
  accepted: 410,
  revoked: 410,
};

/** Signed out: sign in, then back to this link (remembered in the visitor cookie, like any sign-in redirect). */
async function signInFirst(request: Request, token: string) {
  const setCookie = await rememberRedirect(request, `${INVITATION_PATH}?token=${encodeURIComponent(token)}`);
  return redirect("/sign-in", { headers: setCookie ? { "Set-Cookie": setCookie } : undefined });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const [t, user] = await Promise.all([getT(request, "admin"), getUser(request)]);
  const view = invitationView(token, user);
  if (view.state === "signedOut") throw await signInFirst(request, token);
  return data(
    {
      title: t(view.state === "ready" && view.role === "driver" ? "driver:invitation.title" : "invitation.title"),
      view,
      token: view.state === "ready" ? token : "",
    },
    { status: STATUS[view.state] },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const token = String((await readForm(request)).get("token") ?? "");
  const user = await getUser(request);
  if (!user) return signInFirst(request, token);
  let role: string;
  try {
    role = acceptAdminInvitation(token, user.id).role;
  } catch (error) {
    if (!(error instanceof InvitationError)) throw error;
    const view: InvitationView = { state: error.reason, email: user.email };
    return data({ view }, { status: error.status });
  }
  // A new role, a new session id (as at sign-in): the old cookie stops working.
  const headers = await destroyUserSession(request);
  await createUserSession(user.id, { request, headers });
  // A driver's invitation leads to the day's route, an admin's to the admin pages.
  const ns = role === "driver" ? "driver" : "admin";
  return redirectWithToast(
    request,
    role === "driver" ? "/driver" : "/admin",
    { title: `${ns}:invitation.done`, description: `${ns}:invitation.doneDescription` },
    headers,
  );
}

export default function AdminInvitationPage() {
  const loaded = useLoaderData<typeof loader>();
  const answered = useActionAnswer<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { t } = useTranslation(["admin", "common", "driver"]);
  const view = answered?.view ?? loaded.view;
  // A driver's invitation says so; every other text (states, links) is the admin one.
  const ns = view.state === "ready" && view.role === "driver" ? "driver:" : "";

  return (
    <div className="card mx-auto max-w-md space-y-3" data-testid="admin-invitation" data-state={view.state}>
      <h1 className="page-title">{t(`${ns}invitation.title`)}</h1>
      {view.state === "ready" ? (
        <>
          <p className="text-stone-700">{t(`${ns}invitation.intro`, { email: view.email })}</p>
          <Form method="post">
            <input type="hidden" name="token" value={loaded.token} />
            <button type="submit" className="btn-primary w-full" disabled={busy}>
              {busy ? t("invitation.accepting") : t(`${ns}invitation.accept`)}
            </button>
          </Form>
        </>
      ) : (
        <>
          <p role="alert" className="text-stone-800">
            {t(`invitation.states.${view.state}`, { email: "email" in view ? view.email : "" })}
          </p>
          <Link to="/" className="btn-secondary w-full">
            {t("invitation.goHome")}
          </Link>
        </>
      )}
    </div>
  );
}
