// A day sheet row's actions (issue 42): a scheduled pickup's Completed and Missed buttons, then their
// confirm step (the reasons for Missed); a marked one's link to its correction on the pickup's admin view.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ReasonFields } from "~/components/stops/reason-fields";
import { DoorFields, DoorSummary } from "~/components/stops/door-fields";
import { DOOR_FIELDS, type LeftItem } from "~/lib/refused-items";
import { sentValue, type AdminReply } from "./problem";

type Props = {
  pickup: { id: number; confirmationNumber: string; status: string; bags: number };
  canMark: boolean;
  confirm: { id: number; mark: "Completed" | "Missed" } | null;
  date: string;
  busy: boolean;
  /** A refused confirm step's answer: the bags and note come back as sent. */
  reply?: AdminReply;
};

export function StopActions({ pickup: p, canMark, confirm, date, busy, reply }: Props) {
  const { t } = useTranslation(["admin", "stops"]);
  return (
    <>
      {p.status === "Scheduled" && canMark && confirm?.id === p.id ? (
        <Form method="post" className="space-y-2" data-testid="confirm-mark">
          <p className="font-semibold">
            {t(confirm.mark === "Missed" ? "stops:confirm.sheetMissedTitle" : "stops:confirm.sheetCompletedTitle", {
              confirmationNumber: p.confirmationNumber,
            })}
          </p>
          <input type="hidden" name="intent" value="confirm" />
          <input type="hidden" name="pickupId" value={p.id} />
          <input type="hidden" name="mark" value={confirm.mark} />
          {confirm.mark === "Missed" ? (
            <ReasonFields idPrefix={`reason-${p.id}`} />
          ) : (
            <DoorFields
              idPrefix={`door-${p.id}`}
              bagsRequested={p.bags}
              sent={{ bags: sentValue(reply, DOOR_FIELDS.bags), note: sentValue(reply, DOOR_FIELDS.note) }}
            />
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className="btn-primary min-h-[40px] px-3 text-sm" disabled={busy}>
              {t(confirm.mark === "Missed" ? "stops:confirm.confirmMissed" : "stops:confirm.confirmCompleted")}
            </button>
            <Link to={`?date=${date}`} className="btn-secondary min-h-[40px] px-3 text-sm">
              {t("stops:confirm.back")}
            </Link>
          </div>
        </Form>
      ) : p.status === "Scheduled" && canMark ? (
        <Form method="post" className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="mark" />
          <input type="hidden" name="pickupId" value={p.id} />
          <button
            type="submit"
            name="mark"
            value="Completed"
            className="btn-secondary min-h-[40px] px-3 text-sm"
            disabled={busy}
            aria-label={t("day.markCompletedLabel", { confirmationNumber: p.confirmationNumber })}
          >
            {t("day.markCompleted")}
          </button>
          <button
            type="submit"
            name="mark"
            value="Missed"
            className="btn-secondary min-h-[40px] px-3 text-sm text-amber-900"
            disabled={busy}
            aria-label={t("day.markMissedLabel", { confirmationNumber: p.confirmationNumber })}
          >
            {t("day.markMissed")}
          </button>
        </Form>
      ) : p.status === "Completed" || p.status === "Missed" ? (
        <Link
          to={`/admin/pickups/${p.confirmationNumber}`}
          className="btn-secondary min-h-[40px] px-3 text-sm"
          aria-label={t("stops:correct.linkLabel", { confirmationNumber: p.confirmationNumber })}
        >
          {t("stops:correct.link")}
        </Link>
      ) : null}
    </>
  );
}

/** A row's bags: as booked, and (issue 47) at a Completed stop the bags collected and what was left. */
export function BagsCell({
  pickup: p,
}: {
  pickup: { status: string; bags: number; bagsCollected: number | null; refused: LeftItem[] };
}) {
  return (
    <>
      {p.bags}
      {p.status === "Completed" ? (
        <DoorSummary
          bagsRequested={p.bags}
          bagsCollected={p.bagsCollected}
          refused={p.refused}
          className="text-xs font-normal text-stone-700"
        />
      ) : null}
    </>
  );
}
