// Stripe's hosted page sends the resident back here after paying (the no-JavaScript path).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { fulfilHostedSession } from "~/services/booking/book.server";
import { BookingError } from "~/services/booking/quote.server";
import { isStripe, paymentProvider } from "~/services/payments/index.server";
import { redirectWithToast } from "~/services/http/toast.server";
import { requireUser } from "~/services/http/session.server";

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  const provider = paymentProvider();
  if (!isStripe(provider) || !/^cs_[A-Za-z0-9_]+$/.test(sessionId)) throw redirect("/booking");
  try {
    const pickup = await fulfilHostedSession(sessionId, provider, user.id);
    return redirect(`/confirmation?confirmationNumber=${pickup.confirmationNumber}`);
  } catch (error) {
    if (!(error instanceof BookingError)) throw error;
    return redirectWithToast(request, "/booking", {
      type: "error",
      title: "checkout:toast.bookingFailed",
      description: `checkout:${error.key}`,
    });
  }
}
