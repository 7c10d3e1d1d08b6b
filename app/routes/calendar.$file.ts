// GET /calendar/{token}.ics: the resident's private feed of upcoming pickups, read by calendar apps
// without signing in (the token is the key; the profile makes a new one and the old one stops working).
// An unknown token is 404. Answered inline (text/calendar), so an app subscribes rather than downloads.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { calendarResponse } from "~/services/http/calendar-answer.server";
import { calendarFeed } from "~/services/pickups/calendar-feed.server";

export async function loader({ params }: LoaderFunctionArgs) {
  const file = params.file ?? "";
  const token = file.endsWith(".ics") ? file.slice(0, -".ics".length) : "";
  return calendarResponse(token ? calendarFeed(token) : null, "recircle.ics", "inline");
}
