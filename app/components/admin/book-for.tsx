// /admin/book-for's forms (issue 46 part 5, a resident who calls): find the resident (a GET form) and book
// bags on a window for them (a plain post, name="intent"); the resident's card and their phone bookings. The
// account form is book-for-account. Every text from the "bookfor" namespace; refusals from the server's reply.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, useReply } from "~/components/ui/plain-field";
import { BAG_OPTIONS } from "~/lib/pricing";

export function FindResident({ q }: { q: string }) {
  const { t } = useTranslation("bookfor");
  return (
    <Form method="get" className="card flex flex-wrap items-end gap-3" role="search">
      <div className="min-w-0 flex-1 basis-60">
        <label htmlFor="book-for-q" className="field-label">
          {t("find.label")}
        </label>
        <input
          id="book-for-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={254}
          autoComplete="off"
          aria-describedby="book-for-q-hint"
          className="field-input"
        />
        <p id="book-for-q-hint" className="mt-1 text-sm text-stone-600">
          {t("find.hint")}
        </p>
      </div>
      <button type="submit" className="btn-secondary">
        {t("find.submit")}
      </button>
    </Form>
  );
}

type ResidentCardView = {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  phoneVerified: boolean;
  address: string | null;
  language: "en" | "fr";
  openedByOperator: boolean;
  createdAt: string;
};

export function ResidentCard({ resident }: { resident: ResidentCardView }) {
  const { t } = useTranslation("bookfor");
  return (
    <section className="card" aria-labelledby="resident-title" data-testid="book-for-resident">
      <h2 id="resident-title" className="text-lg font-semibold">
        {resident.name || resident.email}
      </h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 narrow:grid-cols-1">
        <dt className="text-stone-600">{t("resident.email")}</dt>
        <dd className="break-words">{resident.email}</dd>
        <dt className="text-stone-600">{t("resident.phone")}</dt>
        <dd>
          {resident.phone
            ? `${resident.phone} (${t(resident.phoneVerified ? "resident.verified" : "resident.notVerified")})`
            : t("resident.none")}
        </dd>
        <dt className="text-stone-600">{t("resident.address")}</dt>
        <dd>{resident.address ?? t("resident.noAddress")}</dd>
        <dt className="text-stone-600">{t("resident.language")}</dt>
        <dd>{t(`create.languages.${resident.language}`)}</dd>
        <dt className="text-stone-600">{t("resident.account")}</dt>
        <dd>
          {resident.openedByOperator
            ? t("resident.openedByTeam", { date: resident.createdAt })
            : t("resident.openedByThem", { date: resident.createdAt })}
        </dd>
      </dl>
    </section>
  );
}

type WindowOption = { slotId: number; label: string; spotsLeft: number };

export function BookForForm({
  residentId,
  options,
  selection,
  lastResult,
  busy,
}: {
  residentId: number;
  options: WindowOption[];
  selection: { bags: number | null; slotId: number | null };
  lastResult: unknown;
  busy: boolean;
}) {
  const { t } = useTranslation(["bookfor", "booking", "checkout", "common"]);
  const reply = useReply(lastResult, "book-for");
  const sentBags = reply.value("bags") || String(selection.bags ?? 1);
  const sentSlot = reply.value("slotId") || String(selection.slotId ?? "");
  return (
    <section className="card max-w-2xl" aria-labelledby="book-for-title">
      <h2 id="book-for-title" className="text-lg font-semibold">
        {t("book.title")}
      </h2>
      <p className="mt-1 text-stone-700">{t("book.intro")}</p>
      <Form method="post" {...reply.formProps} className="mt-3 space-y-4">
        <FormError id={reply.errorId} errors={reply.formErrors} />
        <input type="hidden" name="resident" value={residentId} />
        <fieldset>
          <legend className="field-label">{t("book.bags")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            {BAG_OPTIONS.map((bags) => (
              <label key={bags} className="flex min-h-[44px] items-center gap-2">
                <input
                  type="radio"
                  name="bags"
                  value={bags}
                  defaultChecked={sentBags === String(bags)}
                  className="h-5 w-5 shrink-0"
                />
                <span>{t("book.bagCount", { count: bags })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <label htmlFor="book-for-slot" className="field-label">
            {t("book.window")}
          </label>
          <select id="book-for-slot" name="slotId" defaultValue={sentSlot} className="field-input" required>
            <option value="">{t("book.chooseWindow")}</option>
            {options.map((option) => (
              <option key={option.slotId} value={option.slotId}>
                {t("book.option", { label: option.label, count: option.spotsLeft })}
              </option>
            ))}
          </select>
          <p className="mt-1 text-sm text-stone-600">{t("book.rules")}</p>
        </div>
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">{t("book.noCard")}</p>
        <button type="submit" name="intent" value="book" className="btn-primary" disabled={busy}>
          {t("book.submit")}
        </button>
      </Form>
    </section>
  );
}

type PhoneBookingRow = {
  id: number;
  status: "held" | "booked" | "released";
  when: string;
  bags: number;
  amount: string;
  heldUntil: string;
  confirmationNumber: string | null;
};

export function PhoneBookings({ bookings }: { bookings: PhoneBookingRow[] }) {
  const { t } = useTranslation("bookfor");
  if (!bookings.length) return null;
  return (
    <section aria-labelledby="phone-bookings-title" className="space-y-2">
      <h2 id="phone-bookings-title" className="text-lg font-semibold">
        {t("list.title")}
      </h2>
      <ul className="space-y-2">
        {bookings.map((b) => (
          <li key={b.id} id={`booking-${b.id}`} className="card" data-testid="phone-booking" data-status={b.status}>
            <p className="font-semibold">{b.when}</p>
            <p>
              {t("book.bagCount", { count: b.bags })} · {b.amount}
            </p>
            <p>
              {b.status === "held"
                ? t("list.held", { until: b.heldUntil })
                : b.status === "booked"
                  ? t("list.booked", { confirmationNumber: b.confirmationNumber ?? "" })
                  : t("list.released")}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
