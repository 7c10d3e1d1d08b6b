// /order/{confirmationNumber}: the resident's own order as a receipt. Someone else's number reads
// exactly like an unknown one: not found, 404, with the orders' own words. A pickup we missed by our
// fault (issue 42) also offers its free rebook or full refund here (POST intent rebook / refund).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { OurFault } from "~/components/pickups/our-fault";
import { BagChange, PaymentLedger } from "~/components/pickups/bag-change";
import { MyPlan, planRefusalOf } from "~/components/pickups/my-plans";
import { NoPlanYet } from "~/components/pickups/no-plan-yet";
import { useActionAnswer } from "~/components/action-answer";
import { Toaster } from "~/components/toaster";
import { Receipt } from "~/components/pickups/receipt";
import { DoorSummary } from "~/components/stops/door-fields";
import { ContractLanguageNote } from "~/components/pickups/contract-language-note";
import { orderPath } from "~/lib/paths";
import { PickupError } from "~/components/pickups/pickup-error";
import { titleOrErrorMeta } from "~/lib/meta";
import {
  bagChangeView,
  bagsFromPage,
  bagsHostedFromPage,
  bagsReturnFromHosted,
  bagsReturnFromStripe,
  getLanguage,
  getT,
  orderDoorRecord,
  orderPlan,
  orderRemedy,
  ownOrderOr404,
  paymentLedger,
  planFromPage,
  readForm,
  remedyFromPage,
  requireUser,
  taxNumbers,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "orders", "calendar", "stops", "checkout", "myplans"] };
export const meta: MetaFunction = titleOrErrorMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const [t, lng] = await Promise.all([getT(request, "orders"), getLanguage(request)]);
  const order = ownOrderOr404(user, params.confirmationNumber, t);
  // Back from Stripe's 3-D Secure page with a bag change's payment, or from Stripe's hosted Checkout with its
  // session: applied once, then the page with its toast.
  const returned =
    (await bagsReturnFromHosted(request, user, order)) ?? (await bagsReturnFromStripe(request, user, order));
  if (returned) throw returned;
  return {
    title: t("order.title", { number: order.confirmationNumber }),
    order,
    tax: taxNumbers(),
    remedy: orderRemedy(user, order.confirmationNumber, lng),
    // Issue 47: "3 of 4 bags collected" and what was left at the door.
    door: orderDoorRecord(order),
    // Issue 45 part 5: a bag more or less until the cutoff, and every payment and refund of the pickup.
    bagChange: bagChangeView(order, new URL(request.url).searchParams),
    ledger: paymentLedger(order),
    plan: orderPlan(user, order, lng),
  };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  const order = ownOrderOr404(user, params.confirmationNumber, t);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent === "bagsDown" || intent === "bagsPay") return bagsFromPage(request, user, order, form);
  if (intent === "bagsHosted") return bagsHostedFromPage(request, user, order, form);
  const planned = await planFromPage(request, user, form, `${orderPath(order.confirmationNumber)}#my-plan`);
  return planned ?? remedyFromPage(request, user, order.confirmationNumber, form);
}

export default function Order() {
  const { order, tax, remedy, bagChange, ledger, plan, door } = useLoaderData<typeof loader>();
  const answer = useActionAnswer<typeof action>();
  const refusal = planRefusalOf(answer);
  return (
    <div className="space-y-4">
      <Toaster toast={answer && "toast" in answer ? (answer.toast ?? null) : null} />
      <Receipt order={order} tax={tax} />
      {door ? <DoorSummary {...door} className="card space-y-1" /> : null}
      <PaymentLedger ledger={ledger} />
      {bagChange ? <BagChange view={bagChange} /> : null}
      <ContractLanguageNote contractLanguage={order.contractLanguage} path={orderPath(order.confirmationNumber)} />
      {remedy ? <OurFault view={remedy} bags={order.bagsRequested} /> : null}
      {plan?.plan ? (
        <div id="my-plan">
          <MyPlan plan={plan.plan} refusal={refusal} />
        </div>
      ) : null}
      {plan && !plan.plan && plan.canStart !== null ? (
        <NoPlanYet canStart={plan.canStart} pickupId={plan.pickupId} />
      ) : null}
    </div>
  );
}

export { PickupError as ErrorBoundary };
