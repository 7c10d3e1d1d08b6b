// One stop of the driver's route, as a card for a phone: its number, address, unit, bags, where the bags
// are, a phone number, whether its position is approximate, links to open it on a map (an https:// link
// first, which every phone opens, then a geo: URI for Android's maps apps; lib/map-links), and the
// Completed / Missed buttons (a plain form: no JavaScript needed). After a mark the page comes back on the next stop (#stop-<id>), so the driver never scrolls back.
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/admin/ui";
import { mapLinks } from "~/lib/map-links";
import { addressIn } from "~/lib/profile";

export type StopView = {
  id: number;
  sequence: number;
  confirmationNumber: string;
  address: string;
  unit: string;
  bags: number;
  pickupNotes: string;
  phone: string | null;
  /** The phone as people read it ("514 555-0142"). */
  phoneShown: string | null;
  approximate: boolean;
  latitude: number | null;
  longitude: number | null;
  status: "Scheduled" | "Completed" | "Missed" | "Cancelled";
  name: string;
};

export function RouteStop({ stop, canMark, action }: { stop: StopView; canMark: boolean; action: string }) {
  const { t, i18n } = useTranslation(["driver", "admin"]);
  const busy = useNavigation().state === "submitting";
  const links = mapLinks(stop);
  return (
    <li
      id={`stop-${stop.id}`}
      className="card scroll-mt-4 space-y-2"
      data-testid="route-stop"
      data-sequence={stop.sequence}
      data-confirmation={stop.confirmationNumber}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-lg font-bold">{t("route.stop", { sequence: stop.sequence })}</h3>
        <span data-testid="stop-status">
          <Badge tone={stop.status}>{t(`admin:status.${stop.status}`)}</Badge>
        </span>
      </div>
      <p className="font-semibold">{addressIn(stop.address, i18n.language)}</p>
      {stop.unit ? <p>{t("route.unit", { unit: stop.unit })}</p> : null}
      <p>
        {t("route.bags", { count: stop.bags })} · {stop.name || "—"}{" "}
        <span className="font-mono text-sm text-stone-600">{stop.confirmationNumber}</span>
      </p>
      {stop.pickupNotes ? (
        <p className="rounded-lg bg-amber-50 p-2 text-amber-950" data-testid="stop-notes">
          <span className="font-semibold">{t("route.notes")}:</span> {stop.pickupNotes}
        </p>
      ) : null}
      {stop.phone ? (
        <p>
          {t("route.phone")}:{" "}
          <a className="btn-link" href={`tel:${stop.phone}`}>
            {stop.phoneShown}
          </a>
        </p>
      ) : null}
      {stop.approximate ? (
        <p className="text-sm font-semibold text-amber-900" data-testid="stop-approximate">
          {t("route.approximate")}
        </p>
      ) : null}
      <p className="flex flex-wrap gap-2" data-testid="stop-map-links">
        <a
          className="btn-secondary min-h-[44px]"
          href={links.web}
          rel="noreferrer"
          aria-label={t("route.openStreetMapLabel", { sequence: stop.sequence })}
        >
          {t("route.openStreetMap")}
        </a>
        <a
          className="btn-secondary min-h-[44px]"
          href={links.geo}
          aria-label={t("route.openInMapsLabel", { sequence: stop.sequence })}
        >
          {t("route.openInMaps")}
        </a>
      </p>
      {stop.status === "Scheduled" && canMark ? (
        <Form method="post" action={action} className="grid grid-cols-1 gap-2 min-[30em]:grid-cols-2">
          <input type="hidden" name="intent" value="mark" />
          <input type="hidden" name="pickupId" value={stop.id} />
          <button
            type="submit"
            name="mark"
            value="Completed"
            className="btn-primary min-h-[48px]"
            disabled={busy}
            aria-label={t("route.completedLabel", { sequence: stop.sequence })}
          >
            {t("route.completed")}
          </button>
          <button
            type="submit"
            name="mark"
            value="Missed"
            className="btn-secondary min-h-[48px] text-amber-900"
            disabled={busy}
            aria-label={t("route.missedLabel", { sequence: stop.sequence })}
          >
            {t("route.missed")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}
