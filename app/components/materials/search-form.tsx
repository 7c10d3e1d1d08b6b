// The "will you take this?" search: a GET form (?q=), so it works without JavaScript; with it, results
// follow the typing (one history entry per search, not one per letter).
import { Form, useSubmit } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { MAX_MATERIAL_QUERY } from "~/lib/material-text";

const SEARCH_DELAY_MS = 250;

export function SearchForm({ q, searching }: { q: string; searching: boolean }) {
  const { t } = useTranslation(["materials", "common"]);
  const submit = useSubmit();
  const input = useRef<HTMLInputElement>(null);
  const timer = useRef<number | undefined>(undefined);

  const current = useRef(q);

  // Follow the URL (a "clear search" link, the back button) unless the resident is typing.
  useEffect(() => {
    current.current = q;
    if (input.current && document.activeElement !== input.current) input.current.value = q;
  }, [q]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  return (
    <Form
      method="get"
      action="/materials"
      role="search"
      className="card mt-4"
      preventScrollReset
      onSubmit={() => window.clearTimeout(timer.current)}
    >
      <label htmlFor="material-search" className="field-label text-base">
        {t("search.label")}
      </label>
      <p id="material-search-hint" className="mt-0.5 text-sm text-stone-600">
        {t("search.hint")}
      </p>
      <div className="mt-2 flex gap-2 narrow:flex-col">
        <input
          ref={input}
          id="material-search"
          type="search"
          name="q"
          defaultValue={q}
          maxLength={MAX_MATERIAL_QUERY}
          autoComplete="off"
          enterKeyHint="search"
          aria-describedby="material-search-hint"
          className="field-input mt-0 min-w-0 flex-1"
          onChange={(event) => {
            const form = event.currentTarget.form;
            window.clearTimeout(timer.current);
            timer.current = window.setTimeout(() => {
              if (!form || !input.current || input.current.value.trim() === current.current) return;
              // One history entry per search, not one per letter.
              submit(form, { replace: current.current !== "", preventScrollReset: true });
            }, SEARCH_DELAY_MS);
          }}
        />
        <button type="submit" className="btn-secondary shrink-0">
          {searching ? t("search.searching") : t("search.submit")}
        </button>
      </div>
    </Form>
  );
}
