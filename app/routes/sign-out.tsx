import type { ActionFunctionArgs } from "@remix-run/node";
import { redirect, assertSameOrigin, destroyUserSession, redirectWithToast } from "~/services/http/pages.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  assertSameOrigin(request);
  const headers = await destroyUserSession(request);
  return redirectWithToast(request, "/", { title: "toast.signedOut", description: "toast.comeBackSoon" }, headers);
}
