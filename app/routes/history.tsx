// My Orders: the resident's pickups, newest pickup date first, each with its receipt link and, while it
// can still change, Modify date (its move page) and Cancel (its cancel page).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { PickupCard } from "~/components/pickups/pickup-card";
import { Toaster } from "~/components/toaster";
import { titleMeta } from "~/lib/meta";
import {
  BookingError,
  reject,
  submissionOf,
  changeRefused,
  startModify,
  readForm,
  requireUser,
  listPickups,
  getT,
} from "~/services/http/pages.server";
import { parseId } from "~/lib/ids";

export const handle = { i18n: ["common", "orders", "checkout", "impact"] };
export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  return { title: t("history.title"), orders: listPickups(user.id) };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const form = await readForm(request);
  if (form.get("intent") !== "modify") return reject(submissionOf(form));
  try {
    return startModify(user, parseId(form.get("pickupId")) ?? 0);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return changeRefused(form, error, "orders:toast.modifyFailed");
  }
}

export default function History() {
  const { t } = useTranslation(["orders", "common", "impact"]);
  const { orders } = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  return (
    <div className="space-y-4">
      <Toaster toast={actionData?.toast ?? null} />
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 className="page-title">{t("history.title")}</h1>
        {orders.length ? (
          <span className="flex flex-wrap gap-x-4 gap-y-1">
            <Link to="/impact" className="btn-link text-sm">
              {t("impact:resident.title")}
            </Link>
            <Link to="/materials" className="btn-link text-sm">
              {t("history.bookAnother")}
            </Link>
          </span>
        ) : null}
      </div>
      {orders.length === 0 ? (
        <div className="card text-center">
          <p className="text-stone-700">{t("history.empty")}</p>
          <Link to="/materials" className="btn-primary mt-3">
            {t("history.emptyCta")}
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {orders.map((order) => (
            <PickupCard key={order.id} order={order} />
          ))}
        </ul>
      )}
    </div>
  );
}
