// Move and Cancel for one pickup, the same on My Orders and on the order page every e-mail links to: shown
// while it is Scheduled and ahead, enabled while more than 12 hours remain, otherwise disabled with the reason.
// Moving and cancelling each have their own page (lib/paths movePath, cancelPath). Modify date is a
// button of a plain GET form (it shows disabled, with the reason, when the pickup can no longer change).
// No JavaScript needed.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { cancelPath, movedFrom, movePath } from "~/lib/paths";

export type PickupChangesView = {
  id: number;
  confirmationNumber: string;
  slot: { date: string; window: string };
  changes: { visible: boolean; allowed: boolean };
};

export function PickupChanges({
  order,
  className = "mt-3 border-t border-stone-200 pt-3",
}: {
  order: PickupChangesView;
  className?: string;
}) {
  const { t } = useTranslation("orders");
  if (!order.changes.visible) return null;
  const reason = `closed-${order.id}`;
  return (
    <div className={`${className} print:hidden`} data-testid="order-changes">
      <div className="flex gap-2 narrow:flex-col">
        <Form method="get" action={movePath(order.confirmationNumber)} className="flex-1">
          {/* The slot it moves from: Back to the move page after the move answers My Orders. */}
          <input type="hidden" name="from" value={movedFrom(order.slot)} />
          <button
            type="submit"
            className="btn-secondary w-full"
            disabled={!order.changes.allowed}
            aria-describedby={order.changes.allowed ? undefined : reason}
          >
            {t("history.modify")}
          </button>
        </Form>
        {order.changes.allowed ? (
          <Link to={cancelPath(order.confirmationNumber)} className="btn-secondary flex-1 text-red-800">
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
