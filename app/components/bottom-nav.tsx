import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useBarHeight } from "./bar-height";
import { BOTTOM_TABS, type BottomTab } from "~/lib/bottom-tabs";

const ICONS: Record<BottomTab, string> = {
  "/": "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z",
  "/booking": "M7 3v3M17 3v3M4 8h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z",
  "/materials": "M4 7l8-4 8 4-8 4zM4 7v10l8 4 8-4V7M12 11v10",
  "/history": "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01",
  "/profile": "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0",
  "/how-it-works": "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01",
};

/** `active`: the tab of the page shown (lib/bottom-tabs `activeTab`), marked as the current page. */
export function BottomNav({ active }: { active: BottomTab | null }) {
  const { t } = useTranslation();
  const ref = useBarHeight<HTMLElement>("--bottom-bar-height");
  return (
    <nav
      ref={ref}
      aria-label={t("nav.label")}
      className="fixed inset-x-0 bottom-0 z-20 border-t border-stone-200 bg-white pb-[env(safe-area-inset-bottom)] narrow:static"
    >
      {/* On a line too short for the text (200 % text on a phone) the bar scrolls with the page, in two rows
          of three columns, each at least as wide as its longest word ("commandes"), so a label is not broken
          inside its words. */}
      <ul className="mx-auto grid max-w-3xl grid-cols-6 narrow:grid-cols-[repeat(3,minmax(min-content,1fr))]">
        {BOTTOM_TABS.map(({ to, key }) => (
          <li key={to}>
            <Link
              to={to}
              aria-current={to === active ? "page" : undefined}
              className={`flex min-h-[4rem] flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[0.6875rem] font-medium leading-tight max-[399px]:px-0 max-[399px]:text-[0.625rem] ${
                to === active ? "text-brand-700" : "text-stone-600"
              }`}
            >
              <svg
                viewBox="0 0 24 24"
                className="h-5 w-5"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
                aria-hidden="true"
              >
                <path d={ICONS[to]} />
              </svg>
              {/* A label longer than its sixth of a 320 px bar wraps between its words; 4rem holds the icon and
                  three lines of label (below 400 px at 10/16 rem, so 'Accepted Materials' and 'Mes commandes'
                  take no more). A word longer than the whole bar would still break rather than overflow. */}
              <span className="max-w-full break-words">{t(`nav.${key}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
