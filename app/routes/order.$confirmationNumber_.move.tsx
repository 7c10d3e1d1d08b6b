// Moving a pickup to another date, on its own page like cancelling (works without JavaScript): the
// pickup's date now, then the booking form's date and window pickers (no bags, no price). Move saves the
// new slot (the same service as PUT /api/pickup-requests/{id}) and goes back to My Orders, which names
// the new date. The choices travel in the query (?date=...&slotId=...) for the plain GET form.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { BookingForm } from "~/components/booking/booking-form";
import { NoDates, ServiceAreaNotice } from "~/components/booking/notices";
import { OrderError } from "~/components/orders/order-error";
import { Toaster } from "~/components/toaster";
import { readReply } from "~/components/ui/plain-field";
import { titleOrErrorMeta } from "~/lib/meta";
import { parseBagCount } from "~/lib/pricing";
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
  const location = useLocation();
  const { t } = useTranslation(["booking", "orders", "common"]);
  // A refused Move comes back with the choices the page can still show, and the reason.
  const reply = actionData ? readReply(actionData.reply) : null;
  const refusal = reply?.error("") ?? null;
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
      {page.area !== "montreal" ? (
        <ServiceAreaNotice fsa={page.fsa} />
      ) : page.weeks.length === 0 ? (
        <NoDates fsa={page.fsa} />
      ) : (
        <BookingForm
          // A new query (back button, a server-rendered update) starts from its own choices.
          key={location.search}
          variant="modify"
          path={page.modify.path}
          from={page.modify.from}
          submitLabel={t("orders:modify.save")}
          currentSlotId={page.modify.slotId}
          weeks={page.weeks}
          initial={
            reply
              ? {
                  bags: parseBagCount(reply.value("bags")),
                  date: reply.value("date") || null,
                  slotId: Number(reply.value("slotId")) || null,
                }
              : page.selection
          }
          serviceFeeCents={page.serviceFeeCents}
          lng={page.lng}
          error={refusal ? { key: refusal, id: actionData?.toast?.id ?? refusal } : null}
        />
      )}
    </section>
  );
}

export { OrderError as ErrorBoundary };
