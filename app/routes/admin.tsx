// The admin area's frame: admins only (a visitor is sent to sign in, a resident gets 403), a wider page
// than the residents' phone layout, and the admin sub-navigation.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet } from "@remix-run/react";
import { AdminNav } from "~/components/admin/admin-nav";
import { requireAdmin } from "~/services/http/pages.server";

// "people": the search box of the dashboard (components/admin/people).
export const handle = { i18n: ["common", "admin", "people"] };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireAdmin(request);
  return null;
}

/** Wider than the resident pages' column (max-w-3xl), centred on it, never wider than the screen. */
const WIDE = {
  width: "min(80rem, calc(100vw - 2rem))",
  marginLeft: "calc(50% - min(40rem, calc(50vw - 1rem)))",
};

export default function AdminLayout() {
  return (
    <div className="admin-wide space-y-5" style={WIDE}>
      <AdminNav />
      <Outlet />
    </div>
  );
}
