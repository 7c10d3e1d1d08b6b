// Finding people (issue 42 part 9): the search box (the dashboard and the results page), a resident's
// name as a link to their admin page, and a pickup's confirmation number as a link to its admin page.
import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { SEARCH_QUERY_MAX } from "~/lib/admin-search";

/** A plain GET form to /admin/search: works without JavaScript. */
export function AdminSearchForm({ defaultValue = "" }: { defaultValue?: string }) {
  const { t } = useTranslation("people");
  return (
    <Form
      method="get"
      action="/admin/search"
      role="search"
      aria-label={t("search.label")}
      className="card flex flex-wrap items-end gap-3"
      data-testid="admin-search"
    >
      <div className="min-w-0 flex-1 basis-64">
        <label htmlFor="admin-search-q" className="field-label">
          {t("search.label")}
        </label>
        <input
          id="admin-search-q"
          name="q"
          type="search"
          defaultValue={defaultValue}
          maxLength={SEARCH_QUERY_MAX}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="admin-search-hint"
          className="field-input w-full"
        />
        <p id="admin-search-hint" className="mt-1 text-sm text-stone-600">
          {t("search.hint")}
        </p>
      </div>
      <button type="submit" className="btn-primary mb-7">
        {t("search.button")}
      </button>
    </Form>
  );
}

function residentPath(id: number) {
  return `/admin/residents/${id}`;
}

/** The pickup's admin page (built beside this one: /admin/pickups/{confirmation number}). */
function pickupAdminPath(confirmationNumber: string) {
  return `/admin/pickups/${encodeURIComponent(confirmationNumber)}`;
}

/** A resident's name linking to their page; a deleted account by its number only. */
export function ResidentLink({ resident }: { resident: { id: number; name: string; deleted: boolean } }) {
  const { t } = useTranslation("people");
  if (resident.deleted)
    return <span className="text-stone-600">{t("search.deletedAccount", { id: resident.id })}</span>;
  return (
    <Link to={residentPath(resident.id)} className="btn-link" data-testid="resident-link">
      {resident.name || t("search.noName")}
    </Link>
  );
}

export function PickupLink({ confirmationNumber }: { confirmationNumber: string }) {
  return (
    <Link to={pickupAdminPath(confirmationNumber)} className="btn-link font-mono" data-testid="pickup-link">
      {confirmationNumber}
    </Link>
  );
}
