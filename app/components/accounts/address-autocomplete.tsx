// The profile's street field. Server-rendered (and without JavaScript) it is a plain labelled input the
// resident types into. Once hydrated it becomes an ARIA combobox: typing asks
// /api/address-suggestions, arrows move through the list, Enter or a tap picks, Escape closes, and the
// picked address is handed to the form (which fills city, province and postal code).
import { useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { useHydrated } from "remix-utils/use-hydrated";
import type { AddressSuggestion } from "~/lib/address-selection";
import { useAddressSuggestions } from "./use-address-suggestions";

export function AddressAutocomplete({
  id,
  name,
  defaultValue,
  error: serverError,
  label,
  onPick,
}: {
  id: string;
  name: string;
  defaultValue: string;
  /** The server's error for the field (a translation key), if any. */
  error: string | null;
  label: string;
  onPick: (suggestion: AddressSuggestion) => void;
}) {
  const { t } = useTranslation(["profile", "common"]);
  const hydrated = useHydrated();
  const { items, status, search: lookUp, setStatus } = useAddressSuggestions();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [pickError, setPickError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${listId}-${i}`;
  const error = pickError ?? serverError;

  function close() {
    setOpen(false);
    setActive(-1);
  }

  /** The list shows what the newest finished look-up found; it stays as it is while one runs. */
  function search(text: string) {
    lookUp(text, (found) => {
      setActive(-1);
      setOpen(found.length > 0);
    });
  }

  function pick(suggestion: AddressSuggestion) {
    close();
    setStatus("idle");
    void import("./address-pick").then(({ checkAddressSelection }) => {
      const problem = checkAddressSelection(suggestion);
      setPickError(problem);
      if (problem) return;
      if (inputRef.current) inputRef.current.value = suggestion.streetAddress;
      onPick(suggestion);
    });
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      if (items.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === "ArrowDown" ? 1 : -1;
      setActive((i) => (i + step + items.length) % items.length);
    } else if (event.key === "Enter" && open && active >= 0 && items[active]) {
      event.preventDefault();
      pick(items[active]!);
    } else if (event.key === "Escape" && open) {
      event.preventDefault();
      close();
    }
  }

  const statusText =
    status === "searching"
      ? t("suggestions.searching")
      : status === "done"
        ? items.length > 0
          ? t("suggestions.count", { count: items.length })
          : t("suggestions.none")
        : "";

  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          name={name}
          type="text"
          defaultValue={defaultValue}
          ref={inputRef}
          className="field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${errorId} ${hintId}` : hintId}
          autoComplete={hydrated ? "off" : "address-line1"}
          {...(hydrated
            ? {
                role: "combobox",
                "aria-autocomplete": "list" as const,
                "aria-expanded": open,
                "aria-controls": listId,
                "aria-activedescendant": open && active >= 0 ? optionId(active) : undefined,
                onChange: (event: React.ChangeEvent<HTMLInputElement>) => {
                  setPickError(null);
                  search(event.currentTarget.value);
                },
                onKeyDown,
                onBlur: close,
              }
            : {})}
        />
        {hydrated ? (
          <ul
            id={listId}
            role="listbox"
            aria-label={t("suggestions.label")}
            hidden={!open}
            className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-lg border border-stone-300 bg-white py-1 shadow-lg"
          >
            {items.map((item, i) => (
              // The keyboard stays in the combobox field (arrows and Enter, aria-activedescendant); the option takes taps.
              // eslint-disable-next-line jsx-a11y/click-events-have-key-events
              <li
                key={`${item.streetAddress}|${item.postalCode}`}
                id={optionId(i)}
                role="option"
                aria-selected={i === active}
                // Keeps the focus in the field so the tap is not lost to its blur.
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => pick(item)}
                onMouseEnter={() => setActive(i)}
                className={`flex min-h-[44px] cursor-pointer flex-col justify-center px-3 py-2 ${
                  i === active ? "bg-brand-50" : ""
                }`}
              >
                <span className="font-semibold">{item.streetAddress}</span>
                <span className="text-sm text-stone-700">
                  {item.city}, {item.province} {item.postalCode}
                </span>
              </li>
            ))}
          </ul>
        ) : null}
      </div>
      <p id={hintId} className="mt-1 text-sm text-stone-600">
        {hydrated ? t("fields.streetHintSuggestions") : t("fields.streetHint")}
      </p>
      {hydrated ? (
        <p className="sr-only" role="status" aria-live="polite">
          {statusText}
        </p>
      ) : null}
      <p id={errorId} className="field-error" aria-live="polite">
        {error ? t(error) : null}
      </p>
    </div>
  );
}
