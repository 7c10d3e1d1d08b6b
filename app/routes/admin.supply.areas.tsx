// Served areas (postal prefixes): open one (new or switched off before) and, if people wait for it,
// e-mail them; switch one off (pickups already scheduled there are kept).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { InactiveAreas, OpenAreaForm, ServedAreas, WantedAreas } from "~/components/admin/areas";
import { titleMeta } from "~/lib/meta";
import {
  adminForm,
  done,
  refused,
  unknownIntent,
  requireAdmin,
  deactivatePrefix,
  openPrefix,
  servedAreas,
  notifyWaitlist,
  getT,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "admin"] };
export const meta: MetaFunction = titleMeta;

const PAGE = "/admin/supply/areas";

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  const t = await getT(request, "admin");
  return { title: t("supply.areas.title"), ...servedAreas() };
}

export async function action({ request }: ActionFunctionArgs) {
  const { admin, form, intent } = await adminForm(request);
  const fsa = String(form.get("fsa") ?? "")
    .trim()
    .toUpperCase()
    .slice(0, 10);
  form.set("fsa", fsa); // a refused prefix comes back as it was read
  const target = String(form.get("target") ?? "") || undefined;
  try {
    switch (intent) {
      case "open":
      case "openNotify": {
        const notify = intent === "openNotify" || form.get("notify") === "on";
        const result = await openPrefix(admin, fsa, { notify });
        const values = { fsa: result.fsa, count: result.notified };
        if (!result.opened) return done(request, PAGE, "supply.areas.notified", undefined, values);
        const description = result.notified ? "supply.areas.notifiedDescription" : undefined;
        return done(request, PAGE, "supply.areas.opened", description, values);
      }
      case "notify": {
        const count = await notifyWaitlist(admin, fsa);
        return done(request, PAGE, "supply.areas.notified", undefined, { fsa, count });
      }
      case "deactivate": {
        const result = deactivatePrefix(admin, fsa);
        return done(request, PAGE, "supply.areas.deactivated", "supply.areas.deactivatedDescription", {
          fsa: result.fsa,
          count: result.kept,
        });
      }
      default:
        return unknownIntent(form);
    }
  } catch (error) {
    return refused(error, form, target);
  }
}

export default function SupplyAreas() {
  const { served, inactive, wanted } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["admin", "common"]);

  return (
    <div className="space-y-6">
      <div>
        <h1 className="page-title">{t("supply.areas.title")}</h1>
        <p className="mt-1 max-w-3xl text-stone-700">{t("supply.areas.intro", { count: served.length })}</p>
      </div>

      <div className="grid gap-6 lg:grid-cols-2 [&>*]:min-w-0">
        <OpenAreaForm reply={actionData} />
        <WantedAreas wanted={wanted} reply={actionData} />
      </div>

      <ServedAreas served={served} reply={actionData} />
      {inactive.length ? <InactiveAreas inactive={inactive} reply={actionData} /> : null}
    </div>
  );
}
