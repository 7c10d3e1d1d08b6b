// Slot supply: the slots ahead, the weekly template they come from, and the served areas.
import { Outlet } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdminTabs } from "~/components/admin/admin-nav";

export const handle = { i18n: ["common", "admin"] };

export default function SupplyLayout() {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-4">
      <AdminTabs
        label={t("supply.tabs.label")}
        items={[
          { to: "/admin/supply", label: t("supply.tabs.slots"), end: true },
          { to: "/admin/supply/template", label: t("supply.tabs.template") },
          { to: "/admin/supply/areas", label: t("supply.tabs.areas") },
        ]}
      />
      <Outlet />
    </div>
  );
}
