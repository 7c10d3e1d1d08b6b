// The waitlist's parts: the counts per prefix and reason (with e-mailing those waiting for a served
// prefix), the filter of the entries, and the entries themselves.
import { Form, Link, useLocation, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { REASON_KEYS } from "./labels";
import { type AdminReply, Problem } from "./problem";
import { Badge, tableClass, tdClass, TableHead, TableScroll } from "./ui";

type Counts = { noDirectAccess: number; outsideArea: number; total: number; waiting: number; notified: number };
type PrefixCounts = Counts & { fsa: string; served: boolean; montreal: boolean };

export function WaitlistCounts({
  prefixes,
  totals,
  reply,
}: {
  prefixes: PrefixCounts[];
  totals: Counts;
  reply: AdminReply;
}) {
  const { t } = useTranslation(["admin", "common"]);
  const busy = useNavigation().state === "submitting";
  return (
    <table className={`${tableClass} mt-2`} data-testid="waitlist-counts">
      <TableHead
        columns={[
          t("supply.areas.prefix"),
          t("waitlist.served"),
          t("waitlist.reasons.outsideArea"),
          t("waitlist.reasons.noDirectAccess"),
          t("waitlist.total"),
          t("waitlist.waiting"),
          t("waitlist.notified"),
          { label: t("codes.actions"), hidden: true },
        ]}
      />
      <tbody className="divide-y divide-stone-100">
        {prefixes.map((p) => (
          <tr key={p.fsa} data-fsa={p.fsa}>
            <th scope="row" className={`${tdClass} font-mono font-semibold`}>
              <Link to={`?fsa=${p.fsa}`} className="btn-link">
                {p.fsa}
              </Link>
            </th>
            <td className={tdClass}>
              <Badge tone={p.served ? "open" : "closed"}>{p.served ? t("waitlist.yes") : t("waitlist.no")}</Badge>
            </td>
            <td className={`${tdClass} tabular-nums`}>{p.outsideArea}</td>
            <td className={`${tdClass} tabular-nums`}>{p.noDirectAccess}</td>
            <td className={`${tdClass} tabular-nums font-semibold`}>{p.total}</td>
            <td className={`${tdClass} tabular-nums`}>{p.waiting}</td>
            <td className={`${tdClass} tabular-nums`}>{p.notified}</td>
            <td className={tdClass}>
              {p.served && p.waiting ? (
                <Form method="post">
                  <input type="hidden" name="fsa" value={p.fsa} />
                  <button
                    type="submit"
                    name="intent"
                    value="notify"
                    className="btn-secondary min-h-[36px] px-3 text-sm"
                    disabled={busy}
                  >
                    {t("waitlist.notify", { count: p.waiting })}
                  </button>
                </Form>
              ) : !p.served && p.waiting && p.montreal ? (
                <Link to="/admin/supply/areas" className="btn-link text-sm">
                  {t("waitlist.openArea")}
                </Link>
              ) : !p.montreal ? (
                <span className="text-xs text-stone-600">{t("waitlist.outsideMontreal")}</span>
              ) : null}
              <Problem reply={reply} target={`prefix-${p.fsa}`} />
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot className="border-t-2 border-stone-300 font-semibold">
        <tr>
          <th scope="row" className={tdClass}>
            {t("waitlist.total")}
          </th>
          <td className={tdClass} />
          <td className={`${tdClass} tabular-nums`}>{totals.outsideArea}</td>
          <td className={`${tdClass} tabular-nums`}>{totals.noDirectAccess}</td>
          <td className={`${tdClass} tabular-nums`}>{totals.total}</td>
          <td className={`${tdClass} tabular-nums`}>{totals.waiting}</td>
          <td className={`${tdClass} tabular-nums`}>{totals.notified}</td>
          <td className={tdClass} />
        </tr>
      </tfoot>
    </table>
  );
}

export function WaitlistFilterForm({
  filter,
  reasons,
}: {
  filter: { fsa: string; reason: string };
  reasons: readonly string[];
}) {
  const { t } = useTranslation(["admin", "common"]);
  const location = useLocation();
  return (
    <Form method="get" className="card flex flex-wrap items-end gap-3" role="search">
      <div>
        <label htmlFor="fsa" className="field-label">
          {t("supply.areas.prefix")}
        </label>
        <input
          id="fsa"
          name="fsa"
          defaultValue={filter.fsa}
          maxLength={3}
          className="field-input w-28 uppercase"
          autoComplete="off"
        />
      </div>
      <div>
        <label htmlFor="reason" className="field-label">
          {t("waitlist.reason")}
        </label>
        <select id="reason" name="reason" defaultValue={filter.reason} className="field-input">
          <option value="">{t("codes.filter.all")}</option>
          {reasons.map((r) => (
            <option key={r} value={r}>
              {t(REASON_KEYS[r]!)}
            </option>
          ))}
        </select>
      </div>
      <button type="submit" className="btn-primary">
        {t("codes.filter.apply")}
      </button>
      {location.search ? (
        <Link to="/admin/waitlist" className="btn-link py-2">
          {t("codes.filter.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

type Entry = {
  id: number;
  name: string;
  email: string;
  fsa: string;
  reason: string;
  locale: string;
  joined: string;
  notified: string | null;
};

export function WaitlistEntries({ rows, total }: { rows: Entry[]; total: number }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <TableScroll label={t("waitlist.entriesTitle", { count: total })} className="card p-0">
      <table className={tableClass} data-testid="waitlist-entries">
        <TableHead
          className="bg-stone-50"
          columns={[
            t("waitlist.name"),
            t("redemptions.email"),
            t("supply.areas.prefix"),
            t("waitlist.reason"),
            t("waitlist.language"),
            t("waitlist.joined"),
            t("waitlist.notifiedAt"),
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {rows.map((r) => (
            <tr key={r.id} data-testid="waitlist-row">
              <td className={tdClass}>{r.name}</td>
              <td className={`${tdClass} break-all`}>{r.email}</td>
              <td className={`${tdClass} font-mono`}>{r.fsa}</td>
              <td className={tdClass}>{t(REASON_KEYS[r.reason]!)}</td>
              <td className={tdClass}>{r.locale.toUpperCase()}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{r.joined}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{r.notified ?? "—"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
