// The day sheet's parts: choosing the date, and one window's pickups in route order (stop number, address
// with where the bags are, bags, confirmation number, resident, status) with the buttons marking a
// scheduled pickup Completed or Missed. On a phone the table is a stack of cards (operator.css).
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { PickupWindow } from "~/lib/dates";
import { EmailText } from "~/components/operators/email-text";
import { type AdminReply, Problem } from "./problem";
import { Badge, tableClass, tdClass, thClass, TableScroll } from "./ui";
import { mapLinks } from "~/lib/map-links";
import { addressIn } from "~/lib/profile";
import { BagsCell, StopActions } from "./stop-actions";
import type { RefusedItem } from "~/lib/refused-items";

export function DayPicker({ date, previous, next }: { date: string; previous: string; next: string }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <div className="admin-no-print flex flex-wrap items-end gap-2 print:hidden">
      <Form method="get" className="flex flex-wrap items-end gap-2">
        <div>
          <label htmlFor="date" className="field-label">
            {t("day.date")}
          </label>
          <input
            id="date"
            name="date"
            type="date"
            defaultValue={date}
            key={date}
            className="field-input mt-1"
            required
          />
        </div>
        <button type="submit" className="btn-secondary">
          {t("day.show")}
        </button>
      </Form>
      <Link to={`?date=${previous}`} className="btn-secondary" aria-label={t("day.previousLabel")}>
        ←
      </Link>
      <Link to={`?date=${next}`} className="btn-secondary" aria-label={t("day.nextLabel")}>
        →
      </Link>
    </div>
  );
}

type SheetPickup = {
  id: number;
  confirmationNumber: string;
  planned?: boolean;
  address: string;
  bags: number;
  status: string;
  name: string;
  email: string;
  sequence: number;
  approximate: boolean;
  latitude: number | null;
  longitude: number | null;
  pickupNotes: string;
  phone: string | null;
  phoneShown: string | null;
  /** Why it was Missed (lib/stops), if it was. */
  missedReason: string | null;
  /** Issue 47: the bags collected at a Completed stop and what was left at the door. */
  bagsCollected: number | null;
  refused: Array<{ item: RefusedItem; note: string | null }>;
};

/** The stop on a map: https:// first (every phone), geo: second (Android's maps apps); lib/map-links. */
function MapLinksLine({ pickup }: { pickup: SheetPickup }) {
  const { t } = useTranslation("driver");
  const links = mapLinks(pickup);
  return (
    <span
      className="admin-no-print mt-1 flex flex-wrap gap-x-3 text-xs font-normal print:hidden"
      data-testid="stop-map-links"
    >
      <a
        className="btn-link inline-flex min-h-[24px] items-center"
        href={links.web}
        rel="noreferrer"
        aria-label={t("route.openStreetMapLabel", { sequence: pickup.sequence })}
      >
        {t("route.openStreetMap")}
      </a>
      <a
        className="btn-link inline-flex min-h-[24px] items-center"
        href={links.geo}
        aria-label={t("route.openInMapsLabel", { sequence: pickup.sequence })}
      >
        {t("route.openInMaps")}
      </a>
    </span>
  );
}

type SheetWindow = { window: PickupWindow; hours: string; bags: number; km: string; pickups: SheetPickup[] };

type DayWindowProps = {
  sheet: SheetWindow;
  canMark: boolean;
  reply: AdminReply;
  /** The pickup whose mark waits for its confirmation (issue 42), and which mark. */
  confirm: { id: number; mark: "Completed" | "Missed" } | null;
  /** The sheet's date, for the confirm step's way back. */
  date: string;
};

export function DayWindow({ sheet, canMark, reply, confirm, date }: DayWindowProps) {
  const { t, i18n } = useTranslation(["admin", "common", "driver", "stops"]);
  const busy = useNavigation().state === "submitting";
  const w = sheet;
  const label = (key: string) => ({ "data-label": t(key) });
  return (
    <section aria-labelledby={`window-${w.window}`} className="card" data-window={w.window}>
      <h2 id={`window-${w.window}`} className="text-lg font-semibold">
        {t(`window.${w.window}`)} · {w.hours}{" "}
        <span className="text-base font-normal text-stone-600">
          {t("day.windowTotals", { count: w.pickups.length, bags: w.bags })}
          {w.pickups.length ? ` · ${t("driver:route.summary", { count: w.pickups.length, km: w.km })}` : ""}
        </span>
      </h2>
      {w.pickups.length ? (
        <TableScroll label={t(`window.${w.window}`)} className="mt-2">
          <table className={`${tableClass} stack-on-phone`}>
            <thead>
              <tr>
                <th scope="col" className={thClass}>
                  {t("driver:sheet.sequence")}
                </th>
                <th scope="col" className={thClass}>
                  {t("day.address")}
                </th>
                <th scope="col" className={thClass}>
                  {t("day.bags")}
                </th>
                <th scope="col" className={thClass}>
                  {t("day.confirmation")}
                </th>
                <th scope="col" className={thClass}>
                  {t("day.resident")}
                </th>
                <th scope="col" className={thClass}>
                  {t("day.status")}
                </th>
                <th scope="col" className={`${thClass} admin-no-print print:hidden`}>
                  {t("day.actions")}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-stone-100">
              {w.pickups.map((p) => (
                <tr
                  key={p.id}
                  id={`pickup-${p.id}`}
                  data-testid="pickup-row"
                  data-confirmation={p.confirmationNumber}
                  data-sequence={p.sequence}
                >
                  <td className={`${tdClass} tabular-nums`} {...label("driver:sheet.sequence")}>
                    {p.sequence}
                  </td>
                  <td className={`${tdClass} font-medium`} {...label("day.address")}>
                    {addressIn(p.address, i18n.language)}
                    {p.approximate ? (
                      <span className="block text-xs font-normal text-amber-900">{t("driver:route.approximate")}</span>
                    ) : null}
                    {p.pickupNotes ? (
                      <span className="block text-xs font-normal text-stone-700" data-testid="pickup-notes">
                        {t("driver:sheet.notes")}: {p.pickupNotes}
                      </span>
                    ) : null}
                    {p.phone ? (
                      <span className="block text-xs font-normal text-stone-700">
                        {t("driver:sheet.phone")}: {p.phoneShown}
                      </span>
                    ) : null}
                    <MapLinksLine pickup={p} />
                  </td>
                  <td className={`${tdClass} tabular-nums`} {...label("day.bags")}>
                    <BagsCell pickup={p} />
                  </td>
                  <td className={`${tdClass} whitespace-nowrap font-mono`} {...label("day.confirmation")}>
                    {p.confirmationNumber}
                    {p.planned ? (
                      <span className="block font-sans text-xs font-semibold text-brand-800" data-testid="planned">
                        {t("day.planned")}
                      </span>
                    ) : null}
                  </td>
                  <td className={tdClass} {...label("day.resident")}>
                    <div>{p.name || "—"}</div>
                    <EmailText email={p.email} className="text-xs text-stone-600" />
                  </td>
                  <td className={tdClass} data-testid="pickup-status" {...label("day.status")}>
                    <Badge tone={p.status}>{t(`status.${p.status}`)}</Badge>
                    {p.missedReason ? (
                      <span className="block text-xs text-stone-700">{t(`stops:reasons.${p.missedReason}`)}</span>
                    ) : null}
                  </td>
                  <td className={`${tdClass} admin-no-print print:hidden`}>
                    <StopActions pickup={p} canMark={canMark} confirm={confirm} date={date} busy={busy} reply={reply} />
                    <Problem reply={reply} target={`pickup-${p.id}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="mt-1 text-stone-600">{t("day.emptyWindow")}</p>
      )}
    </section>
  );
}
