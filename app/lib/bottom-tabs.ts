// The residents' bottom bar's tabs, and which one the page shown belongs to: as React Router's NavLink
// matches (case-insensitive; "/" only itself, any other tab its own path and the paths under it).
export const BOTTOM_TABS = [
  { to: "/", key: "home" },
  { to: "/booking", key: "schedule" },
  { to: "/materials", key: "materials" },
  { to: "/history", key: "orders" },
  { to: "/profile", key: "profile" },
  { to: "/how-it-works", key: "guide" },
] as const;

export type BottomTab = (typeof BOTTOM_TABS)[number]["to"];

export function activeTab(pathname: string): BottomTab | null {
  const path = pathname.toLowerCase();
  const tab = BOTTOM_TABS.find(({ to }) => path === to || (to !== "/" && path.startsWith(`${to}/`)));
  return tab?.to ?? null;
}
