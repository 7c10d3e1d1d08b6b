// /order/{confirmationNumber}: the resident's own order as a receipt. Someone else's number reads
// exactly like an unknown one: not found, 404, with the orders' own words.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Receipt } from "~/components/pickups/receipt";
import { PickupError } from "~/components/pickups/pickup-error";
import { titleOrErrorMeta } from "~/lib/meta";
import { ownOrderOr404, requireUser, taxNumbers, getT } from "~/services/http/pages.server";

export const handle = { i18n: ["common", "orders", "calendar"] };
export const meta: MetaFunction = titleOrErrorMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  const order = ownOrderOr404(user, params.confirmationNumber, t);
  return { title: t("order.title", { number: order.confirmationNumber }), order, tax: taxNumbers() };
}

export default function Order() {
  const { order, tax } = useLoaderData<typeof loader>();
  return <Receipt order={order} tax={tax} />;
}

export { PickupError as ErrorBoundary };
