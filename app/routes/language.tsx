// The language switcher's form: sets the lng cookie (and the account's e-mail language) and goes back.
import type { ActionFunctionArgs } from "@remix-run/node";
import { isLanguage } from "~/lib/i18n";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  redirect,
  setUserLocale,
  readForm,
  getLanguage,
  languageCookie,
  flashToast,
  redirectWithToast,
  getUserId,
} from "~/services/http/pages.server";

export async function loader() {
  return redirect("/");
}

export async function action({ request }: ActionFunctionArgs) {
  const form = await readForm(request);
  const lng = form.get("lng");
  const back = safeRedirect(form.get("redirectTo"), "/");
  if (!isLanguage(lng)) {
    return redirectWithToast(request, back, {
      type: "error",
      title: "toast.error",
      description: "toast.languageFailed",
    });
  }
  if (lng === (await getLanguage(request))) return redirect(back);
  const userId = await getUserId(request);
  if (userId) setUserLocale(userId, lng);
  const headers = new Headers({ "Set-Cookie": await languageCookie.serialize(lng) });
  await flashToast(request, { title: "toast.success", description: "toast.languageChanged" }, headers);
  return redirect(back, { headers });
}
