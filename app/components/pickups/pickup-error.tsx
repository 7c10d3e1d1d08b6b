// The error page inside an order's pages (the receipt and its cancel page): an unknown order, or
// another resident's, reads "Order Not Found" with the way back to My Orders.
import { RouteError } from "~/components/route-error";

export function PickupError() {
  return (
    <RouteError
      notFound={{
        title: "orders:order.notFoundTitle",
        description: "orders:order.notFoundBody",
        to: "/history",
        linkLabel: "orders:order.backToOrders",
      }}
    />
  );
}
