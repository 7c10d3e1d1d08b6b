// The bell in the header and its dropdown: a <details> element and plain forms, so it opens and marks
// notifications read without JavaScript.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHere } from "./stored-pieces";
import { unreadBadge, type ShownNotification } from "~/lib/bell";

// The texts come written by the server in the reader's language (lib/notifications shownNotification).
type Item = ShownNotification;

export function NotificationList({ notifications }: { notifications: Item[] }) {
  const { t } = useTranslation(["orders", "common"]);
  const here = useHere();
  const unread = notifications.filter((n) => !n.isRead).length;
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2 border-b border-stone-200 pb-2">
        <p className="font-semibold">{t("notifications.title")}</p>
        {unread ? (
          <Form method="post" action="/notifications">
            <input type="hidden" name="redirectTo" value={here} />
            <button
              type="submit"
              name="intent"
              value="readAll"
              className="min-h-[32px] text-sm font-semibold text-brand-700 underline"
            >
              {t("notifications.markAllRead")}
            </button>
          </Form>
        ) : null}
      </div>
      {notifications.length === 0 ? (
        <p className="py-4 text-center text-stone-600">{t("notifications.empty")}</p>
      ) : (
        <ul className="divide-y divide-stone-100" data-testid="notification-list">
          {notifications.map((n) => (
            <li key={n.id} className={n.isRead ? "" : "bg-brand-50"}>
              <Form method="post" action="/notifications">
                <input type="hidden" name="id" value={n.id} />
                <input
                  type="hidden"
                  name="redirectTo"
                  value={n.confirmationNumber ? `/order/${n.confirmationNumber}` : here}
                />
                <button type="submit" className="block w-full px-2 py-2 text-left" data-testid="notification">
                  <span className="flex flex-wrap items-center justify-between gap-2">
                    <span className="font-semibold">{n.title}</span>
                    {n.isRead ? null : (
                      <span className="rounded bg-brand-700 px-1.5 text-xs font-bold text-white">
                        {t("notifications.new")}
                      </span>
                    )}
                  </span>
                  <span className="block text-sm text-stone-700">{n.message}</span>
                  {n.fromPlan ? (
                    <span className="block text-xs font-semibold text-brand-800" data-testid="from-plan">
                      {t("notifications.fromPlan")}
                    </span>
                  ) : null}
                  <span className="block text-xs text-stone-600">{n.when}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function NotificationBell({ notifications }: { notifications: Item[] }) {
  const { t } = useTranslation(["orders", "common"]);
  const unread = notifications.filter((n) => !n.isRead).length;
  const badge = unreadBadge(unread);
  // The name is the summary's own (screen-reader-only) text, so the whole control reads "Notifications,
  // 1 unread"; the visible badge is hidden from assistive technology rather than read as a bare "1".
  return (
    <details className="relative">
      <summary
        className="relative flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg hover:bg-stone-100"
        data-testid="bell"
      >
        <span className="sr-only">
          {unread ? t("notifications.bell", { count: unread }) : t("notifications.bellNone")}
        </span>
        <svg
          viewBox="0 0 24 24"
          className="h-6 w-6"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          aria-hidden="true"
        >
          <path
            d="M6 8a6 6 0 1 1 12 0c0 7 3 9 3 9H3s3-2 3-9M10.3 21a1.94 1.94 0 0 0 3.4 0"
            strokeLinecap="round"
            strokeLinejoin="round"
          />
        </svg>
        {badge ? (
          <span
            className="absolute right-0.5 top-0.5 min-w-[1.25rem] rounded-full bg-red-700 px-1 text-center text-xs font-bold leading-5 text-white"
            aria-hidden="true"
            data-testid="bell-badge"
          >
            {badge}
          </span>
        ) : null}
      </summary>
      <div className="fixed inset-x-2 top-14 z-30 max-h-[24rem] overflow-y-auto rounded-lg border border-stone-200 bg-white p-2 shadow-lg sm:absolute sm:inset-x-auto sm:right-0 sm:top-auto sm:mt-1 sm:w-80">
        <NotificationList notifications={notifications.slice(0, 10)} />
        <Link
          to="/notifications"
          className="mt-1 block rounded-md py-2 text-center text-sm font-semibold text-brand-700 hover:bg-stone-100"
        >
          {t("notifications.viewAll")}
        </Link>
      </div>
    </details>
  );
}
