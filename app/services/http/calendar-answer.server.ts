// The answer of the calendar links: text/calendar, private, never stored by a shared cache; or a plain
// 404 when there is nothing to show (someone else's pickup, an unknown or revoked feed token).
import { CALENDAR_CONTENT_TYPE } from "~/lib/calendar";

export function calendarResponse(ics: string | null, filename: string) {
  if (ics === null) {
    return new Response("Not found", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  return new Response(ics, {
    headers: {
      "Content-Type": CALENDAR_CONTENT_TYPE,
      "Content-Disposition": `attachment; filename="${filename.replace(/[^\w.-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
