// The profile's privacy sections (issue 34): the account's sessions with a sign-out button for each other
// one and for all of them at once, and "Your data": download it, or delete the account. Plain forms and
// links: no JavaScript needed.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SIGN_OUT_OTHERS_INTENT, SIGN_OUT_SESSION_INTENT } from "~/lib/session-intents";

export type SessionRow = {
  handle: string;
  browser: string;
  system: string;
  /** When it was last used and when it signed in, written by the server in the reader's language. */
  lastSeen: string;
  signedIn: string;
  current: boolean;
};

export function SessionList({ sessions }: { sessions: SessionRow[] }) {
  const { t } = useTranslation("privacy");
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" ? navigation.formData?.get("session") : null;
  const others = sessions.filter((s) => !s.current);
  return (
    <section aria-labelledby="sessions-title" className="card mt-6 space-y-3">
      <h2 id="sessions-title" className="text-lg font-bold text-stone-900">
        {t("sessions.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("sessions.intro")}</p>
      <ul className="divide-y divide-stone-200">
        {sessions.map((s) => {
          const what = t("sessions.on", {
            browser: s.browser || t("sessions.unknownBrowser"),
            system: s.system || t("sessions.unknownSystem"),
          });
          const when = s.lastSeen;
          return (
            <li
              key={s.handle}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
              data-testid="session-row"
            >
              <div className="min-w-0">
                <p className="font-semibold text-stone-900">
                  {what}
                  {s.current ? (
                    <span className="ml-2 rounded bg-brand-100 px-1.5 py-0.5 text-xs font-bold text-brand-800">
                      {t("sessions.current")}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-stone-600">{t("sessions.lastSeen", { when })}</p>
                <p className="text-sm text-stone-600">{t("sessions.signedIn", { when: s.signedIn })}</p>
              </div>
              {s.current ? null : (
                <Form method="post">
                  <input type="hidden" name="intent" value={SIGN_OUT_SESSION_INTENT} />
                  <input type="hidden" name="session" value={s.handle} />
                  <button
                    type="submit"
                    className="btn-secondary"
                    aria-label={t("sessions.signOutLabel", { what, when })}
                    disabled={pending === s.handle}
                  >
                    {pending === s.handle ? t("sessions.pending") : t("sessions.signOut")}
                  </button>
                </Form>
              )}
            </li>
          );
        })}
      </ul>
      {others.length ? (
        <Form method="post">
          <input type="hidden" name="intent" value={SIGN_OUT_OTHERS_INTENT} />
          <button type="submit" className="btn-secondary w-full">
            {t("sessions.signOutOthers")}
          </button>
        </Form>
      ) : null}
    </section>
  );
}

export function YourData() {
  const { t } = useTranslation("privacy");
  return (
    <section aria-labelledby="your-data-title" className="card mt-6 space-y-3">
      <h2 id="your-data-title" className="text-lg font-bold text-stone-900">
        {t("data.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("data.intro")}</p>
      {/* Issue 47: what the resident's pickups kept out of landfill (estimates), also in the export. */}
      <p className="text-sm">
        <Link to="/impact" className="btn-link" data-testid="impact-link">
          {t("data.impactLink")}
        </Link>
      </p>
      {/* The readable page; its "Download as JSON" link gives the same data as a file. */}
      <Link to="/profile/export" className="btn-secondary block w-full text-center">
        {t("data.download")}
      </Link>
      <p className="text-sm text-stone-700">{t("data.deleteIntro")}</p>
      <Link to="/profile/delete" className="btn-danger block w-full text-center">
        {t("data.deleteLink")}
      </Link>
      <p className="text-sm">
        <Link to="/privacy" className="underline">
          {t("data.privacyLink")}
        </Link>
      </p>
    </section>
  );
}
