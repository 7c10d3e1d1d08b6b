// Issue 47: what the driver found at the door, in the Completed confirm step (the driver's route and the
// day sheet): the bags collected as large number tiles (radio buttons, the bags booked chosen first), and
// the items refused and left behind as large check boxes with a note for "other". Plain form fields: no
// JavaScript needed; the server validates (lib/refused-items readDoorOutcome).
import { useTranslation } from "react-i18next";
import {
  bagChoices,
  defaultBagsCollected,
  DOOR_FIELDS,
  REFUSED_ITEMS,
  REFUSED_NOTE_MAX,
  refusedItemLabelKey,
  type RefusedItem,
} from "~/lib/refused-items";

type Props = {
  idPrefix: string;
  bagsRequested: number;
  /** The values sent with a refused form, when the page has them back. */
  sent?: { bags?: string | null; note?: string | null };
};

export function DoorFields({ idPrefix, bagsRequested, sent }: Props) {
  const { t } = useTranslation("stops");
  const chosen = Number(sent?.bags) || defaultBagsCollected(bagsRequested);
  return (
    <div className="space-y-4" data-testid="door-fields">
      <fieldset className="space-y-2" aria-describedby={`${idPrefix}-bags-hint`} data-testid="bags-collected">
        <legend className="field-label">{t("door.bagsLegend")}</legend>
        <p id={`${idPrefix}-bags-hint`} className="text-sm text-stone-700">
          {t("door.bagsHint", { count: bagsRequested })}
        </p>
        <div className="grid grid-cols-[repeat(auto-fill,minmax(3rem,1fr))] gap-2">
          {bagChoices().map((count) => (
            <label
              key={count}
              className="flex min-h-[48px] cursor-pointer items-center justify-center rounded-lg border-2 border-stone-300 bg-white text-lg font-bold tabular-nums has-[:checked]:border-brand-700 has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:outline has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-700"
            >
              <input
                type="radio"
                name={DOOR_FIELDS.bags}
                value={count}
                defaultChecked={count === chosen}
                required
                className="sr-only"
              />
              {count}
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="space-y-2" aria-describedby={`${idPrefix}-refused-hint`} data-testid="refused-items">
        <legend className="field-label">{t("door.refusedLegend")}</legend>
        <p id={`${idPrefix}-refused-hint`} className="text-sm text-stone-700">
          {t("door.refusedHint")}
        </p>
        <div className="space-y-2">
          {REFUSED_ITEMS.map((item) => (
            <label
              key={item}
              className="choice-open flex min-h-[48px] items-center gap-3 rounded-lg border px-3 py-2"
              data-item={item}
            >
              <input type="checkbox" name={DOOR_FIELDS.refused} value={item} className="choice-radio" />
              <span className="min-w-0 flex-1">{t(refusedItemLabelKey(item))}</span>
            </label>
          ))}
        </div>
        <div>
          <label htmlFor={`${idPrefix}-note`} className="field-label">
            {t("door.noteLabel")}
          </label>
          <input
            id={`${idPrefix}-note`}
            name={DOOR_FIELDS.note}
            type="text"
            maxLength={REFUSED_NOTE_MAX}
            defaultValue={sent?.note ?? ""}
            autoComplete="off"
            aria-describedby={`${idPrefix}-note-hint`}
            className="field-input"
          />
          <p id={`${idPrefix}-note-hint`} className="mt-1 text-sm text-stone-700">
            {t("door.noteHint")}
          </p>
        </div>
      </fieldset>
    </div>
  );
}

/** A Completed stop's record from the door: "3 of 4 bags collected", and what was left there. */
export function DoorSummary({
  bagsRequested,
  bagsCollected,
  refused,
  className = "",
}: {
  bagsRequested: number;
  bagsCollected: number | null;
  refused: ReadonlyArray<{ item: RefusedItem; note: string | null }>;
  className?: string;
}) {
  const { t } = useTranslation("stops");
  if (bagsCollected === null && !refused.length) return null;
  const items = refused.map((left) =>
    left.item === "other" && left.note
      ? `${t(refusedItemLabelKey(left.item))} (${left.note})`
      : t(refusedItemLabelKey(left.item)),
  );
  return (
    <div className={className} data-testid="door-summary">
      {bagsCollected !== null ? (
        <p data-testid="bags-collected-summary">
          {t("door.collected", { count: bagsCollected, booked: bagsRequested })}
        </p>
      ) : null}
      {items.length ? <p data-testid="refused-summary">{t("door.left", { items: items.join(", ") })}</p> : null}
    </div>
  );
}
