// One stop of the driver's route, as a card for a phone: its number, address, unit, bags, where the bags
// are, a phone number, whether its position is approximate, links to open it on a map (an https:// link
// first, which every phone opens, then a geo: URI for Android's maps apps; lib/map-links), and the
// Completed / Missed buttons (a plain form: no JavaScript needed). After a mark the page comes back on the
// next stop (#stop-<id>), so the driver never scrolls back. Issue 42: a button asks first (the confirm step,
// with the reasons for Missed); the driver's own mark shows Undo for 10 minutes.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/admin/ui";
import { mapLinks } from "~/lib/map-links";
import { addressIn } from "~/lib/profile";
import { ReasonFields } from "~/components/stops/reason-fields";
import { DoorFields, DoorSummary } from "~/components/stops/door-fields";
import type { RefusedItem } from "~/lib/refused-items";

type StopView = {
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
  /** Issue 47: what the driver found at the door of a Completed stop. */
  bagsCollected: number | null;
  refused: Array<{ item: RefusedItem; note: string | null }>;
};

type RouteStopProps = {
  stop: StopView;
  canMark: boolean;
  action: string;
  /** This stop's confirm step, after its Completed or Missed button. */
  confirm: "Completed" | "Missed" | null;
  /** Until when the driver may undo their own mark of it (a time of day), if they may. */
  undoUntil: string | null;
};

export function RouteStop({ stop, canMark, action, confirm, undoUntil }: RouteStopProps) {
  const { t, i18n } = useTranslation(["driver", "admin", "stops"]);
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
      {stop.status === "Completed" ? (
        <DoorSummary
          bagsRequested={stop.bags}
          bagsCollected={stop.bagsCollected}
          refused={stop.refused}
          className="space-y-1 font-semibold"
        />
      ) : null}
      {stop.status === "Scheduled" && canMark && confirm ? (
        <ConfirmMark stop={stop} action={action} mark={confirm} busy={busy} />
      ) : stop.status === "Scheduled" && canMark ? (
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
      {undoUntil ? (
        <Form method="post" action={action} className="space-y-1" data-testid="stop-undo">
          <input type="hidden" name="intent" value="undo" />
          <input type="hidden" name="pickupId" value={stop.id} />
          <p className="text-sm text-stone-700">{t("stops:undo.until", { time: undoUntil })}</p>
          <button
            type="submit"
            className="btn-secondary min-h-[48px] w-full"
            disabled={busy}
            aria-label={t("stops:undo.label", { confirmationNumber: stop.confirmationNumber })}
          >
            {t("stops:undo.button")}
          </button>
        </Form>
      ) : null}
    </li>
  );
}

/** The second step: Completed or Missed (with its reason) confirmed, or back without a change. */
function ConfirmMark({
  stop,
  action,
  mark,
  busy,
}: {
  stop: StopView;
  action: string;
  mark: "Completed" | "Missed";
  busy: boolean;
}) {
  const { t } = useTranslation(["stops"]);
  const missed = mark === "Missed";
  return (
    <Form
      method="post"
      action={action}
      className="space-y-3 rounded-lg border-2 border-stone-800 p-3"
      data-testid="confirm-mark"
      aria-labelledby={`confirm-${stop.id}`}
    >
      <h4 id={`confirm-${stop.id}`} className="font-bold">
        {t(missed ? "confirm.missedTitle" : "confirm.completedTitle", { sequence: stop.sequence })}
      </h4>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="pickupId" value={stop.id} />
      <input type="hidden" name="mark" value={mark} />
      {missed ? (
        <ReasonFields idPrefix={`reason-${stop.id}`} />
      ) : (
        <DoorFields idPrefix={`door-${stop.id}`} bagsRequested={stop.bags} />
      )}
      <p className="text-sm text-stone-700">{t("confirm.hint")}</p>
      <div className="grid grid-cols-1 gap-2 min-[30em]:grid-cols-2">
        <button type="submit" className="btn-primary min-h-[48px]" disabled={busy}>
          {t(missed ? "confirm.confirmMissed" : "confirm.confirmCompleted")}
        </button>
        <Link to={`${action}#stop-${stop.id}`} className="btn-secondary min-h-[48px]">
          {t("confirm.back")}
        </Link>
      </div>
    </Form>
  );
}
