// The promo code list's parts: the filter (status, search, the batch shown) and the table of codes, each
// with its status and, while it can still be applied, a button switching it off.
import { Form, Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type AdminReply, Problem } from "./problem";
import { Badge, tableClass, tdClass, TableHead, TableScroll } from "./ui";

type Filter = { status: string; q: string; batch: number | null };

export function CodeFilterForm({ filter, statuses }: { filter: Filter; statuses: readonly string[] }) {
  const { t } = useTranslation(["admin", "common"]);
  const location = useLocation();
  return (
    <Form method="get" className="card flex flex-wrap items-end gap-3" role="search">
      <div>
        <label htmlFor="status" className="field-label">
          {t("codes.filter.status")}
        </label>
        <select id="status" name="status" defaultValue={filter.status} className="field-input">
          <option value="all">{t("codes.filter.all")}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {t(`codes.statuses.${s}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="q" className="field-label">
          {t("codes.filter.search")}
        </label>
        <input
          id="q"
          name="q"
          defaultValue={filter.q}
          className="field-input uppercase"
          autoComplete="off"
          maxLength={20}
        />
      </div>
      {filter.batch ? <input type="hidden" name="batch" value={filter.batch} /> : null}
      <button type="submit" className="btn-primary">
        {t("codes.filter.apply")}
      </button>
      {location.search ? (
        <Link to="/admin/promo-codes" className="btn-link py-2">
          {t("codes.filter.clear")}
        </Link>
      ) : null}
    </Form>
  );
}

type CodeRow = {
  id: number;
  code: string;
  percent: number;
  status: string;
  created: string;
  expires: string;
  redeemedBy: string | null;
};

export function CodesTable({ rows, reply }: { rows: CodeRow[]; reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <TableScroll label={t("codes.title")} className="card p-0">
      <table className={tableClass} data-testid="codes">
        <TableHead
          className="bg-stone-50"
          columns={[
            t("codes.code"),
            t("codes.percent"),
            t("codes.status"),
            t("codes.created"),
            t("codes.expires"),
            t("codes.redeemedBy"),
            { label: t("codes.actions"), hidden: true },
          ]}
        />
        <tbody className="divide-y divide-stone-100">
          {rows.map((row) => (
            <tr key={row.id} data-testid="code-row" data-code={row.code}>
              <td className={`${tdClass} font-mono font-semibold`}>{row.code}</td>
              <td className={tdClass}>{row.percent} %</td>
              <td className={tdClass}>
                <Badge tone={row.status}>{t(`codes.statuses.${row.status}`)}</Badge>
              </td>
              <td className={`${tdClass} whitespace-nowrap`}>{row.created}</td>
              <td className={`${tdClass} whitespace-nowrap`}>{row.expires}</td>
              <td className={`${tdClass} break-all`}>{row.redeemedBy ?? "—"}</td>
              <td className={tdClass}>
                {row.status === "active" || row.status === "pending" || row.status === "expired" ? (
                  <Form method="post">
                    <input type="hidden" name="codeId" value={row.id} />
                    <button
                      type="submit"
                      name="intent"
                      value="deactivate"
                      className="btn-secondary min-h-[36px] px-3 text-sm"
                      aria-label={t("codes.deactivateLabel", { code: row.code })}
                    >
                      {t("codes.deactivate")}
                    </button>
                  </Form>
                ) : null}
                <Problem reply={reply} target={`code-${row.id}`} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
