// Move and Cancel for one pickup, the same on My Orders and on the order page every e-mail links to: shown
// while it is Scheduled and ahead, enabled while more than 12 hours remain, otherwise disabled with the reason.
// Moving posts to /history (which opens the date picker for it); cancelling asks first on its own page.
// Plain form and link: no JavaScript needed.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export type OrderChangesView = {
  id: number;
  confirmationNumber: string;
  changes: { visible: boolean; allowed: boolean };
};

export function OrderChanges({
  order,
  className = "mt-3 border-t border-stone-200 pt-3",
}: {
  order: OrderChangesView;
  className?: string;
}) {
  const { t } = useTranslation("orders");
  if (!order.changes.visible) return null;
  const reason = `closed-${order.id}`;
  return (
    <div className={`${className} print:hidden`} data-testid="order-changes">
      <div className="flex gap-2 narrow:flex-col">
        <Form method="post" action="/history" className="flex-1">
          <input type="hidden" name="pickupId" value={order.id} />
          <button
            type="submit"
            name="intent"
            value="modify"
            className="btn-secondary w-full"
            disabled={!order.changes.allowed}
            aria-describedby={order.changes.allowed ? undefined : reason}
          >
            {t("history.modify")}
          </button>
        </Form>
        {order.changes.allowed ? (
          <Link to={`/order/${order.confirmationNumber}/cancel`} className="btn-secondary flex-1 text-red-800">
            {t("history.cancel")}
          </Link>
        ) : (
          <button type="button" className="btn-secondary flex-1" disabled aria-describedby={reason}>
            {t("history.cancel")}
          </button>
        )}
      </div>
      {order.changes.allowed ? null : (
        <p id={reason} className="mt-2 text-sm text-stone-700">
          {t("history.changesClosed")}
        </p>
      )}
    </div>
  );
}
