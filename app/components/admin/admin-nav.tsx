// The admin sub-navigation: Dashboard, Promo codes, Supply, Day sheet, Waitlist, Demand, Money, Plans, Book for a resident, Refunds, Team, Outbox, Alerts, Partners, Intake, Diversion, Privacy (the incidents register), Access log. Hidden when printing.
import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

const ITEMS = [
  { to: "/admin", key: "dashboard", end: true },
  { to: "/admin/promo-codes", key: "codes", end: false },
  { to: "/admin/supply", key: "supply", end: false },
  { to: "/admin/day", key: "day", end: false },
  { to: "/admin/waitlist", key: "waitlist", end: false },
  { to: "/admin/demand", key: "demand", end: false },
  { to: "/admin/money", key: "money", end: false },
  { to: "/admin/plans", key: "plans", end: false },
  { to: "/admin/book-for", key: "bookFor", end: false },
  { to: "/admin/refunds", key: "refunds", end: false },
  { to: "/admin/team", key: "team", end: false },
  { to: "/admin/outbox", key: "outbox", end: false },
  { to: "/admin/alerts", key: "alerts", end: false },
  { to: "/admin/partners", key: "partners", end: false },
  { to: "/admin/intake", key: "intake", end: false },
  { to: "/admin/diversion", key: "diversion", end: false },
  { to: "/admin/privacy", key: "privacy", end: false },
  { to: "/admin/access-log", key: "accessLog", end: false },
] as const;

export function AdminNav() {
  const { t } = useTranslation("admin");
  return (
    <nav aria-label={t("nav.label")} className="admin-no-print border-b border-stone-200 print:hidden">
      <ul className="-mb-px flex flex-wrap gap-x-1">
        {ITEMS.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              // Discovered at render (not the default, components/no-route-discovery): a desk's hover
              // prefetches the section's data and code, which needs its route known.
              discover="render"
              prefetch="intent"
              className={({ isActive }) =>
                `inline-flex min-h-[44px] items-center border-b-2 px-3 text-sm font-semibold ${
                  isActive
                    ? "border-brand-700 text-brand-800"
                    : "border-transparent text-stone-600 hover:text-stone-900"
                }`
              }
            >
              {t(`nav.${item.key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Second-level tabs (the supply pages). */
export function AdminTabs({
  items,
  label,
}: {
  items: Array<{ to: string; label: string; end?: boolean }>;
  label: string;
}) {
  return (
    <nav aria-label={label} className="admin-no-print print:hidden">
      <ul className="flex flex-wrap gap-2">
        {items.map((item) => (
          <li key={item.to}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                `inline-flex min-h-[40px] items-center rounded-full border px-4 text-sm font-semibold ${
                  isActive
                    ? "border-brand-700 bg-brand-50 text-brand-800"
                    : "border-stone-300 bg-white text-stone-700 hover:bg-stone-100"
                }`
              }
            >
              {item.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
