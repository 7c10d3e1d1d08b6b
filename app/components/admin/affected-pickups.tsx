// The scheduled pickups a date's closing affects (before) or leaves to follow up (after): confirmation
// number, window, resident with an e-mail link, address and bags.
import { useTranslation } from "react-i18next";
import type { PickupWindow } from "~/lib/dates";
import { tableClass, tdClass, TableHead, TableScroll } from "./ui";
import { addressIn } from "~/lib/profile";

type AffectedPickup = {
  id: number;
  confirmationNumber: string;
  window: PickupWindow;
  name: string;
  email: string;
  address: string;
  bags: number;
};

export function AffectedPickups({ pickups }: { pickups: AffectedPickup[] }) {
  const { t, i18n } = useTranslation(["admin", "common"]);
  return (
    <TableScroll label={t("close.affectedTitle", { count: pickups.length })} className="mt-2">
      <table className={tableClass} data-testid="affected">
        <TableHead
          columns={[
            t("day.confirmation"),
            t("supply.slots.window"),
            t("day.resident"),
            t("day.address"),
            t("day.bags"),
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {pickups.map((p) => (
            <tr key={p.id} data-testid="affected-row">
              <td className={`${tdClass} font-mono`}>{p.confirmationNumber}</td>
              <td className={tdClass}>{t(`window.${p.window}`)}</td>
              <td className={tdClass}>
                <div>{p.name || "—"}</div>
                <a href={`mailto:${p.email}`} className="btn-link break-all font-normal">
                  {p.email}
                </a>
              </td>
              <td className={tdClass}>{addressIn(p.address, i18n.language)}</td>
              <td className={`${tdClass} tabular-nums`}>{p.bags}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
