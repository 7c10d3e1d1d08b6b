import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useBarHeight } from "./bar-height";
import { BOTTOM_TABS } from "~/lib/bottom-tabs";

export function BottomNav() {
  const { t } = useTranslation();
  const ref = useBarHeight<HTMLElement>("bottom");
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
        {BOTTOM_TABS.map(({ to, key, icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={to === "/"}
              className={({ isActive }) =>
                `flex min-h-[4rem] flex-col items-center justify-center gap-0.5 px-0.5 text-center text-[0.6875rem] font-medium leading-tight max-[399px]:px-0 max-[399px]:text-[0.625rem] ${
                  isActive ? "text-brand-700" : "text-stone-600"
                }`
              }
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
                <path d={icon} />
              </svg>
              {/* A label longer than its sixth of a 320 px bar wraps between its words; 4rem holds the icon and
                  three lines of label (below 400 px at 10/16 rem, so 'Accepted Materials' and 'Mes commandes'
                  take no more). A word longer than the whole bar would still break rather than overflow. */}
              <span className="max-w-full break-words">{t(`nav.${key}`)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
