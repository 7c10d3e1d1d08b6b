// The residents' bottom bar's tabs (their icons' paths too), and which one the page shown belongs to, as React Router's NavLink
// matches (case-insensitive; "/" only itself, any other tab its own path and the paths under it).
export const BOTTOM_TABS = [
  { to: "/", key: "home", icon: "M3 11l9-7 9 7v9a1 1 0 0 1-1 1h-5v-6H9v6H4a1 1 0 0 1-1-1z" },
  {
    to: "/booking",
    key: "schedule",
    icon: "M7 3v3M17 3v3M4 8h16M5 5h14a1 1 0 0 1 1 1v13a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1z",
  },
  { to: "/materials", key: "materials", icon: "M4 7l8-4 8 4-8 4zM4 7v10l8 4 8-4V7M12 11v10" },
  { to: "/history", key: "orders", icon: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01" },
  { to: "/profile", key: "profile", icon: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-8 9a8 8 0 0 1 16 0" },
  {
    to: "/how-it-works",
    key: "guide",
    icon: "M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20zM9.1 9a3 3 0 0 1 5.8 1c0 2-3 3-3 3M12 17h.01",
  },
] as const;

export type BottomTab = (typeof BOTTOM_TABS)[number]["to"];

export function activeTab(pathname: string): BottomTab | null {
  const path = pathname.toLowerCase();
  const tab = BOTTOM_TABS.find(({ to }) => path === to || (to !== "/" && path.startsWith(`${to}/`)));
  return tab?.to ?? null;
}
