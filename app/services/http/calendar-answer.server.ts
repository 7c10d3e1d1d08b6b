// The answer of the calendar links: text/calendar, private, never stored by a shared cache; or a plain
// 404 when there is nothing to show (someone else's pickup, an unknown or revoked feed token). The feed
// is answered inline, so a calendar app (or a phone's browser) subscribes to it instead of saving a
// one-time copy; one pickup's "Add to calendar" stays a download.
import { CALENDAR_CONTENT_TYPE } from "~/lib/calendar";

export function calendarResponse(
  ics: string | null,
  filename: string,
  disposition: "inline" | "attachment" = "attachment",
) {
  if (ics === null) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(ics, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `${disposition}; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
