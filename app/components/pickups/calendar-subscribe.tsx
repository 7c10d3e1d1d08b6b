// The private feed offered so that a calendar follows it (issue 42 part 7): a webcal:// link (a phone or
// a Mac opens it as "subscribe", where the https link would import a one-time copy), the https link in
// a read-only field to select and paste (with JavaScript, a Copy button beside it, its result said in a
// status line), and how to subscribe in Google Calendar, Apple Calendar and Outlook.
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import { webcalUrl } from "~/lib/calendar-link";

const HOW_TOS = ["google", "apple", "outlook"] as const;

/** The link on the clipboard: the Clipboard API, else the selected field and the older copy command. */
async function copyLink(url: string, field: HTMLInputElement | null) {
  try {
    await navigator.clipboard.writeText(url);
    return true;
  } catch {
    field?.select();
    try {
      return document.execCommand("copy");
    } catch {
      return false;
    }
  }
}

export function CalendarSubscribe({ url }: { url: string }) {
  const { t } = useTranslation("calendar");
  const hydrated = useHydrated();
  const field = useRef<HTMLInputElement>(null);
  const [copied, setCopied] = useState<"copied" | "copyFailed" | null>(null);
  return (
    <>
      <p>
        <a href={webcalUrl(url)} className="btn-primary w-full" data-testid="calendar-subscribe">
          {t("feed.subscribe")}
        </a>
        <span className="mt-1 block text-sm text-stone-600">{t("feed.subscribeHint")}</span>
      </p>
      <div>
        <label htmlFor="calendar-feed-url" className="field-label">
          {t("feed.label")}
        </label>
        <input
          ref={field}
          id="calendar-feed-url"
          type="text"
          readOnly
          value={url}
          onFocus={(event) => event.currentTarget.select()}
          spellCheck={false}
          autoComplete="off"
          aria-describedby="calendar-feed-url-hint"
          className="field-input font-mono text-sm"
          data-testid="calendar-feed-url"
        />
        <span id="calendar-feed-url-hint" className="mt-1 block text-sm text-stone-600">
          {t("feed.fieldHint")}
        </span>
        {hydrated ? (
          <button
            type="button"
            className="btn-secondary mt-2 w-full"
            onClick={async () => setCopied((await copyLink(url, field.current)) ? "copied" : "copyFailed")}
            data-testid="calendar-feed-copy"
          >
            {t("feed.copy")}
          </button>
        ) : null}
        <p role="status" className="mt-1 text-sm font-medium text-brand-800" data-testid="calendar-feed-copied">
          {copied ? t(`feed.${copied}`) : null}
        </p>
      </div>
      <div data-testid="calendar-how-to">
        <h3 className="font-bold text-stone-900">{t("feed.howTitle")}</h3>
        <ul className="mt-1 space-y-2 text-sm text-stone-700">
          {HOW_TOS.map((app) => (
            <li key={app}>
              <strong className="text-stone-900">{t(`feed.how.${app}.name`)}</strong> {t(`feed.how.${app}.steps`)}
            </li>
          ))}
        </ul>
        <p className="mt-2 text-sm text-stone-600">{t("feed.howNote")}</p>
      </div>
    </>
  );
}
