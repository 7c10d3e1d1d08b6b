// The profile's private calendar link (/calendar/{token}.ics): offered to subscribe to (CalendarSubscribe:
// webcal link, the link to copy, how-tos), and a plain POST form that makes a new one (the old one stops
// working).
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CALENDAR_FEED_INTENT } from "~/lib/profile-intents";
import { island } from "~/components/island";
import { CalendarSubscribe as OnServer } from "~/components/sometimes.server";

/** How to subscribe: fetched only by a resident who has made a calendar link. */
const CalendarSubscribe = island("calendar-subscribe", OnServer, () =>
  import("./calendar-subscribe").then((module) => module.CalendarSubscribe),
);

export function CalendarFeed({ url }: { url: string | null }) {
  const { t } = useTranslation("calendar");
  return (
    <section aria-labelledby="calendar-feed-title" className="card mt-6 space-y-3" data-testid="calendar-feed">
      <h2 id="calendar-feed-title" className="text-lg font-bold text-stone-900">
        {t("feed.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("feed.intro")}</p>
      {url ? <CalendarSubscribe url={url} /> : <p className="text-sm text-stone-700">{t("feed.none")}</p>}
      <Form method="post">
        <input type="hidden" name="intent" value={CALENDAR_FEED_INTENT} />
        <button type="submit" className="btn-secondary" aria-describedby={url ? "calendar-feed-hint" : undefined}>
          {url ? t("feed.remake") : t("feed.make")}
        </button>
        {url ? (
          <span id="calendar-feed-hint" className="mt-1 block text-sm text-stone-600">
            {t("feed.remakeHint")}
          </span>
        ) : null}
      </Form>
    </section>
  );
}
