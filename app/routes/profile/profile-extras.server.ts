// The profile's two small forms besides the profile itself (plain POSTs, answered with a redirect and a
// toast): send a new "confirm your address" link, and make a new private calendar link (the old one
// stops working). Null when the form is another one. Also the page's data around them: the calendar link,
// the plans, and the booking's summary line.
import { resendConfirmation } from "~/services/accounts/email-confirmation.server";
import { calendarFeedUrl, renewCalendarFeed } from "~/services/pickups/calendar-feed.server";
import { CALENDAR_FEED_INTENT, RESEND_CONFIRMATION_INTENT } from "~/lib/profile-intents";
import { formatDate, windowLabel } from "~/lib/format";
import type { User } from "../../../db/schema";
import { requestOrigin } from "../../services/http/request.server";
import { redirectWithToast } from "../../services/http/toast.server";
import { planFromPage, profilePlans } from "../../services/http/plans.server";

export async function profileExtrasIntent(request: Request, formData: FormData, user: User) {
  const intent = formData.get("intent");
  if (intent === RESEND_CONFIRMATION_INTENT) {
    const result = resendConfirmation(user, requestOrigin(request));
    const title = { sent: "sent", tooSoon: "tooSoon", alreadyConfirmed: "already" }[result];
    return redirectWithToast(request, "/profile", {
      title: `profile:confirmEmail.${title}`,
      values: { email: user.email },
      type: result === "tooSoon" ? "error" : "success",
    });
  }
  if (intent === CALENDAR_FEED_INTENT) {
    renewCalendarFeed(user.id);
    return redirectWithToast(request, "/profile#calendar-feed-title", { title: "calendar:feed.made" });
  }
  // Issue 45: My plans' forms (skip, change, pause, resume, stop).
  return planFromPage(request, user, formData, "/profile#my-plans");
}

/** What the profile shows of them: whether the address is confirmed, the calendar link if any, the plans. */
export function profileExtras(request: Request, user: User, lng: string) {
  return {
    plans: profilePlans(user, lng),
    emailConfirmed: user.emailConfirmedAt !== null,
    calendarFeed: calendarFeedUrl(user, requestOrigin(request)),
  };
}

/**
 * Inside a booking, the line above the form: '2 bags on Monday, November 30, 2026, 8:00 AM - 12:00 PM'. Written
 * here, not in the route's module: the browser's code for /profile then imports no date formats (issue 44).
 */
export function bookingSummary(
  t: (key: string, values?: Record<string, unknown>) => string,
  booking: { bags: number; slot: { date: string; window: "morning" | "afternoon" } },
  lng: string,
) {
  return t("bookingSummary", {
    bags: t("bags", { count: booking.bags }),
    date: formatDate(booking.slot.date, lng),
    window: windowLabel(booking.slot.window, lng),
  });
}
