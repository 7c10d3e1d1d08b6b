// Turns booking and card refusals into the JSON API's `{ message }` answers, translated.
import { BookingError } from "~/services/booking/book.server";
import { CardError } from "~/services/booking/checkout.server";
import { apiMessage } from "./api.server";

export async function checkoutApiError(request: Request, error: unknown): Promise<Response> {
  if (error instanceof CardError) {
    const response = await apiMessage(request, `checkout:${error.key}`, 402);
    const body = await response.json();
    return Response.json({ ...body, code: error.code }, { status: 402 });
  }
  if (error instanceof BookingError) return apiMessage(request, `checkout:${error.key}`, error.status);
  throw error;
}
