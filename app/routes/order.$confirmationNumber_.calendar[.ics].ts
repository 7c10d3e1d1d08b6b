// GET /order/{confirmationNumber}/calendar.ics: "Add to calendar" — the resident's own pickup as an
// iCalendar event (the same UID as in their e-mails, so a later version updates it). Someone else's
// number, or an unknown one, is 404. A plain link: works without JavaScript.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarResponse } from "~/services/http/calendar-answer.server";
import { requireUser } from "~/services/http/current-user.server";
import { orderCalendar } from "~/services/pickups/calendar-feed.server";

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const number = params.confirmationNumber ?? "";
  return calendarResponse(orderCalendar(user, number), `${number}.ics`);
}
