// All notifications, and the forms that mark them read (the bell's dropdown posts here too).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NotificationList } from "~/components/notification-bell";
import { titleMeta } from "~/lib/meta";
import { safeRedirect } from "~/lib/safe-redirect";
import {
  redirect,
  readForm,
  getLanguage,
  getT,
  markAllNotificationsRead,
  markNotificationsRead,
  notificationsShown,
  requireUser,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "orders"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [t, lng] = await Promise.all([getT(request, "orders"), getLanguage(request)]);
  return { title: t("notifications.title"), notifications: await notificationsShown(user.id, lng) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  const back = safeRedirect(form.get("redirectTo"), "/notifications");
  if (form.get("intent") === "readAll") markAllNotificationsRead(user.id);
  else markNotificationsRead(user.id, [String(form.get("id") ?? "")]);
  return redirect(back);
}

export default function Notifications() {
  const { t } = useTranslation(["orders", "common"]);
  const { notifications } = useLoaderData<typeof loader>();
  return (
    <div className="space-y-4">
      <h1 className="page-title">{t("notifications.title")}</h1>
      <div className="card">
        <NotificationList notifications={notifications} />
      </div>
    </div>
  );
}
