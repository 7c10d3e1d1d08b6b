import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useBarHeight } from "./bar-height";
import { LanguageSwitcher } from "./language-switcher";
import type { PublicUser } from "~/lib/user";

export function Header({ user, locale, bell }: { user: PublicUser | null; locale: string; bell?: React.ReactNode }) {
  const { t } = useTranslation();
  const ref = useBarHeight<HTMLElement>("top");
  return (
    <header ref={ref} className="sticky top-0 z-20 border-b border-stone-200 bg-white/95 backdrop-blur narrow:static">
      {/* One row at 320 px (WCAG 1.4.10): below 400 px the name beside the logo and the avatar (both
          decorative: the link and the sr-only account line carry their words) give way; if the group is
          still too wide (much larger text) it wraps instead of pushing the page sideways. */}
      <div className="mx-auto flex max-w-3xl flex-wrap items-center justify-between gap-x-2 px-3 py-1">
        <Link
          to="/"
          className="flex min-h-[44px] shrink-0 items-center gap-2 font-bold text-brand-800"
          aria-label={t("header.home")}
        >
          <Logo />
          <span className="text-lg max-[399px]:hidden">{t("app.name")}</span>
        </Link>
        <div className="flex min-w-0 flex-wrap items-center justify-end gap-1">
          <LanguageSwitcher current={locale} />
          {user ? (
            <>
              {user.isAdmin ? (
                <Link
                  to="/admin"
                  className="min-h-[44px] content-center rounded-lg px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
                >
                  {t("header.admin")}
                </Link>
              ) : null}
              {user.isDriver ? (
                <Link
                  to="/driver"
                  className="min-h-[44px] content-center rounded-lg px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
                >
                  {t("header.driver")}
                </Link>
              ) : null}
              {user.isDriver ? null : bell}
              <span
                className="flex h-8 w-8 items-center justify-center rounded-full bg-brand-100 text-sm font-bold uppercase text-brand-800 max-[399px]:hidden"
                aria-hidden="true"
              >
                {user.email.charAt(0)}
              </span>
              <span className="sr-only">{t("header.account", { email: user.email })}</span>
              <span
                className="hidden max-w-[12rem] truncate text-sm text-stone-700 roomy:inline"
                data-testid="header-email"
              >
                {user.email}
              </span>
              <Form method="post" action="/sign-out">
                <button
                  type="submit"
                  aria-label={t("header.signOut")}
                  className="flex min-h-[44px] min-w-[44px] items-center justify-center gap-1 rounded-lg px-2 text-sm font-semibold text-stone-800 hover:bg-stone-100"
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
                    <path d="M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9" />
                  </svg>
                  <span className="hidden roomy:inline">{t("header.signOut")}</span>
                </button>
              </Form>
            </>
          ) : (
            <Link to="/sign-in" className="btn-secondary min-h-[40px] px-3 text-sm">
              {t("header.signIn")}
            </Link>
          )}
        </div>
      </div>
    </header>
  );
}

export function Logo({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true">
      <circle cx="16" cy="16" r="15" fill="#12672f" />
      <path
        d="M10 17a6 6 0 0 1 10.4-4.1M22 15a6 6 0 0 1-10.4 4.1"
        stroke="#fff"
        strokeWidth="2.4"
        fill="none"
        strokeLinecap="round"
      />
      <path
        d="M20.8 9.5v3.8H17M11.2 22.5v-3.8H15"
        stroke="#fff"
        strokeWidth="2.4"
        fill="none"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
