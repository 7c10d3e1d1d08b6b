// A checkout that is already paid (Back after paying, a reload, a second tab): what it booked and a
// link to the confirmation, never a live Pay button. Another pickup on the same date starts at /booking.
import { confirmationPath } from "~/lib/pickup-status";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

export function CheckoutPaid(props: {
  confirmationNumber: string;
  bags: number;
  date: string;
  window: string;
  cancelled: boolean;
}) {
  const { t } = useTranslation(["checkout", "common"]);
  const confirmation = confirmationPath(props.confirmationNumber);
  return (
    <section className="card mx-auto max-w-md space-y-3" data-testid="checkout-paid" aria-labelledby="paid-title">
      <h1 id="paid-title" className="page-title">
        {t("paid.title")}
      </h1>
      <p className="text-stone-700">
        {t(props.cancelled ? "paid.bodyCancelled" : "paid.body", {
          count: props.bags,
          date: props.date,
          window: props.window,
        })}
      </p>
      <p className="font-semibold">
        {t("paid.number")} <span className="font-mono">{props.confirmationNumber}</span>
      </p>
      <div className="flex flex-col gap-3">
        <Link to={confirmation} className="btn-primary">
          {t("paid.view")}
        </Link>
        <Link to="/booking" className="btn-secondary">
          {t("paid.another")}
        </Link>
      </div>
    </section>
  );
}
