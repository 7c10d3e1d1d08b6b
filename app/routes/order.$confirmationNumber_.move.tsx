// Moving a pickup to another date, on its own page like cancelling (works without JavaScript): the
// pickup's date now, then the booking form's date and window pickers (no bags, no price). Move saves the
// new slot (the same service as PUT /api/pickup-requests/{id}) and goes back to My Orders, which names
// the new date. The choices travel in the query (?date=...&slotId=...) for the plain GET form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { BookingChoices } from "~/components/booking/booking-choices";
import { PickupError } from "~/components/pickups/pickup-error";
import { Toaster } from "~/components/toaster";
import { titleOrErrorMeta } from "~/lib/meta";
import {
  assertSameOrigin,
  getT,
  moveFromPage,
  movePage,
  ownOrderOr404,
  readForm,
  requireUser,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "booking", "orders", "checkout"] };
export const meta: MetaFunction = titleOrErrorMeta;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const t = await getT(request, "orders");
  const order = ownOrderOr404(user, params.confirmationNumber, t);
  const page = await movePage(request, user, order, new URL(request.url).searchParams);
  return { title: t("modify.title"), ...page };
}

export async function action({ request, params }: ActionFunctionArgs) {
  const user = await requireUser(request);
  assertSameOrigin(request);
  const order = ownOrderOr404(user, params.confirmationNumber, await getT(request, "orders"));
  return moveFromPage(request, user, order, await readForm(request));
}

export default function MovePickup() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const { t } = useTranslation(["booking", "orders", "common"]);
  return (
    <section className="mx-auto max-w-xl">
      <Toaster toast={actionData?.toast ?? null} />
      <h1 className="page-title">{t("orders:modify.title")}</h1>
      <p className="mt-2 text-lg font-semibold text-stone-900" data-testid="current-pickup">
        {t("orders:modify.current", { date: page.modify.date, window: page.modify.window })}
      </p>
      <p className="mt-1 text-stone-700">
        {t("orders:modify.intro", {
          number: page.modify.confirmationNumber,
          bags: t("orders:history.bags", { count: page.modify.bags }),
        })}
      </p>
      <BookingChoices
        page={page}
        answer={actionData}
        variant="modify"
        path={page.modify.path}
        from={page.modify.from}
        submitLabel={t("orders:modify.save")}
        currentSlotId={page.modify.slotId}
      />
    </section>
  );
}

export { PickupError as ErrorBoundary };
