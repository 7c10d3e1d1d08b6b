// A plain form inside <details>: opens and submits without JavaScript. With JavaScript the menu also
// closes after a choice, on Escape (focus back on its button) and on a click or focus outside it.
import { useEffect, useRef, type RefObject } from "react";
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useHere } from "./stored-pieces";
import { SUPPORTED_LANGUAGES } from "~/lib/i18n";

/** Closes an open <details> menu on Escape and on a pointer down or focus outside it. */
function useDismissable(ref: RefObject<HTMLDetailsElement>) {
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape") return;
        details.open = false;
        details.querySelector("summary")?.focus();
        return;
      }
      if (event.target instanceof Node && details.contains(event.target)) return;
      details.open = false;
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    document.addEventListener("focusin", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
      document.removeEventListener("focusin", close);
    };
  }, [ref]);
}

export function LanguageSwitcher({ current }: { current: string }) {
  const { t } = useTranslation();
  const here = useHere();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/language";
  const menu = useRef<HTMLDetailsElement>(null);
  useDismissable(menu);
  return (
    <details ref={menu} className="group relative">
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
        onSubmit={() => {
          // The choice is made: the menu closes while the page switches language.
          if (menu.current) menu.current.open = false;
        }}
        className="absolute right-0 z-30 mt-1 w-40 rounded-lg border border-stone-200 bg-white p-1 shadow-lg"
      >
        <input type="hidden" name="redirectTo" value={here} />
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
              <span className="text-brand-700">
                <span aria-hidden="true">✓</span>
                <span className="sr-only">{` ${t("language.current")}`}</span>
              </span>
            ) : null}
          </button>
        ))}
      </Form>
    </details>
  );
}
