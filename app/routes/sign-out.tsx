import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { assertSameOrigin } from "~/services/http/request.server";
import { destroyUserSession } from "~/services/http/session.server";
import { redirectWithToast } from "~/services/http/toast.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const headers = await destroyUserSession(request);
  return redirectWithToast(request, "/", { title: "toast.signedOut", description: "toast.comeBackSoon" }, headers);
}
