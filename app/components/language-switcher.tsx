// A plain form inside <details>: opens and submits without JavaScript.
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SUPPORTED_LANGUAGES } from "~/lib/i18n";

export function LanguageSwitcher({ current }: { current: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/language";
  return (
    <details className="group relative">
      <summary className="flex min-h-[44px] cursor-pointer list-none items-center gap-1 rounded-lg px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100">
        {/* The visible "EN/FR" starts the accessible name, so speech users can say what they see (WCAG 2.5.3). */}
        <span>{t("language.switcher")}</span>
        <span className="sr-only">{` (${t("language.label")}: ${t(`language.${current}`)})`}</span>
        <svg aria-hidden="true" viewBox="0 0 20 20" className="h-4 w-4 fill-current">
          <path d="M5 7l5 6 5-6z" />
        </svg>
      </summary>
      <Form
        method="post"
        action="/language"
        className="absolute right-0 z-30 mt-1 w-40 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
      >
        <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
        {SUPPORTED_LANGUAGES.map((lng) => (
          <button
            key={lng}
            type="submit"
            name="lng"
            value={lng}
            disabled={busy}
            lang={lng}
            aria-current={lng === current ? "true" : undefined}
            className="flex min-h-[44px] w-full items-center justify-between rounded-md px-3 text-left text-sm hover:bg-stone-100 disabled:opacity-60"
          >
            <span>{t(`language.${lng}`)}</span>
            {lng === current ? (
              <span aria-label={t("language.current")} className="text-brand-700">
                ✓
              </span>
            ) : null}
          </button>
        ))}
      </Form>
    </details>
  );
}
