// /admin/alerts (issue 35, part 5): a service alert to the residents of a date (a window, postal
// prefixes). "Preview" lists who gets it and how; "Send" writes it to the outboxes and the bells once:
// the form carries its own idempotency key, so the same form posted twice sends nothing new. Plain form
// posts: works without JavaScript.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { AlertFormView, AlertPreview } from "~/components/admin/alerts";
import { AlertFormSchema } from "~/lib/alert-form";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  alertRecipients,
  data,
  getT,
  redirectWithToast,
  reject,
  requireAdmin,
  sendAlert,
  unknownIntent,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin", "alerts"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "alerts");
  return { title: t("title"), idempotencyKey: crypto.randomUUID() };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  if (intent !== "preview" && intent !== "send") return unknownIntent(form);
  const submission = parseWithZod(form, { schema: AlertFormSchema });
  if (submission.status !== "success") return reject(submission);
  const input = submission.value;
  if (intent === "preview") {
    const recipients = alertRecipients(input);
    return data({
      reply: submission.reply(),
      preview: {
        recipients,
        emails: recipients.filter((r) => r.how === "email" || r.how === "both").length,
        texts: recipients.filter((r) => r.how === "sms" || r.how === "both").length,
      },
    });
  }
  const sent = sendAlert(admin.id, input);
  return redirectWithToast(request, "/admin/alerts", {
    title: sent.status === "sent" ? "alerts:sent" : "alerts:alreadySent",
    values: { count: sent.recipients },
    type: sent.status === "sent" ? "success" : "error",
  });
}

export default function AlertsPage() {
  const { idempotencyKey } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["alerts", "admin", "common"]);
  const preview = actionData && "preview" in actionData ? actionData.preview : null;
  return (
    <div className="space-y-5">
      <div>
        <h1 className="page-title">{t("title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("intro")}</p>
      </div>
      <AlertFormView lastResult={actionData?.reply} idempotencyKey={idempotencyKey} />
      {preview ? <AlertPreview {...preview} /> : null}
    </div>
  );
}
