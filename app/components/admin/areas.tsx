// The served areas' parts: the form opening a prefix, the prefixes people wait for most, the served
// prefixes (notify their waitlist, switch them off) and the ones switched off (reopen them).
import { Form, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type AdminReply, Problem, problemOf, sentValue } from "./problem";
import { tableClass, tdClass, TableHead, TableScroll } from "./ui";

type Area = { fsa: string; waiting: number };

/** A refused prefix comes back as it was read, with its problem. */
export function OpenAreaForm({ reply }: { reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="open-title" className="card">
      <h2 id="open-title" className="text-lg font-semibold">
        {t("supply.areas.openTitle")}
      </h2>
      <Form method="post" className="mt-3 space-y-3" noValidate>
        <input type="hidden" name="target" value="open" />
        <div>
          <label htmlFor="fsa" className="field-label">
            {t("supply.areas.prefix")}
          </label>
          <input
            id="fsa"
            name="fsa"
            className="field-input w-32 uppercase"
            maxLength={3}
            autoComplete="off"
            defaultValue={problemOf(reply, "open") ? (sentValue(reply, "fsa") ?? "") : ""}
            aria-describedby="fsa-hint"
          />
          <p id="fsa-hint" className="mt-1 text-xs text-stone-600">
            {t("supply.areas.prefixHint")}
          </p>
        </div>
        <label className="flex min-h-[44px] items-center gap-2">
          <input type="checkbox" name="notify" defaultChecked className="h-5 w-5 accent-brand-700" />
          <span>{t("supply.areas.notifyCheckbox")}</span>
        </label>
        <Problem reply={reply} target="open" />
        <button type="submit" name="intent" value="open" className="btn-primary" disabled={busy}>
          {t("supply.areas.open")}
        </button>
      </Form>
    </section>
  );
}

export function WantedAreas({ wanted, reply }: { wanted: Area[]; reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  const busy = useNavigation().state === "submitting";
  return (
    <section aria-labelledby="wanted-title" className="card">
      <h2 id="wanted-title" className="text-lg font-semibold">
        {t("supply.areas.wantedTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("supply.areas.wantedIntro")}</p>
      {wanted.length ? (
        <TableScroll label={t("supply.areas.wantedTitle")} className="mt-2">
          <table className={tableClass} data-testid="wanted">
            <TableHead
              columns={[
                t("supply.areas.prefix"),
                t("supply.areas.waiting"),
                { label: t("codes.actions"), hidden: true },
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {wanted.map((w) => (
                <tr key={w.fsa} data-fsa={w.fsa}>
                  <th scope="row" className={`${tdClass} font-mono font-semibold`}>
                    {w.fsa}
                  </th>
                  <td className={`${tdClass} tabular-nums`}>{w.waiting}</td>
                  <td className={tdClass}>
                    <Form method="post" className="flex flex-wrap gap-2">
                      <input type="hidden" name="fsa" value={w.fsa} />
                      <input type="hidden" name="target" value={`wanted-${w.fsa}`} />
                      <button
                        type="submit"
                        name="intent"
                        value="open"
                        className="btn-secondary min-h-[40px] px-3 text-sm"
                        disabled={busy}
                      >
                        {t("supply.areas.openOnly", { fsa: w.fsa })}
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="openNotify"
                        className="btn-primary min-h-[40px] px-3 text-sm"
                        disabled={busy}
                      >
                        {t("supply.areas.openAndNotify", { count: w.waiting })}
                      </button>
                    </Form>
                    <Problem reply={reply} target={`wanted-${w.fsa}`} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="mt-2 text-stone-600">{t("supply.areas.wantedEmpty")}</p>
      )}
    </section>
  );
}

export function ServedAreas({ served, reply }: { served: Area[]; reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <section aria-labelledby="served-title" className="card">
      <h2 id="served-title" className="text-lg font-semibold">
        {t("supply.areas.servedTitle", { count: served.length })}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("supply.areas.servedIntro")}</p>
      <Problem reply={reply} target="served" />
      <ul
        className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4 lg:grid-cols-6 xl:grid-cols-8 narrow:grid-cols-1"
        data-testid="served"
      >
        {served.map((p) => (
          <li
            key={p.fsa}
            data-fsa={p.fsa}
            className="flex items-center justify-between gap-1 rounded-lg border border-stone-200 px-2 py-1"
          >
            <span className="font-mono font-semibold">{p.fsa}</span>
            <Form method="post" className="flex gap-1">
              <input type="hidden" name="fsa" value={p.fsa} />
              <input type="hidden" name="target" value="served" />
              {p.waiting ? (
                <button
                  type="submit"
                  name="intent"
                  value="notify"
                  className="rounded px-1.5 py-1 text-xs font-semibold text-brand-700 underline hover:bg-brand-50"
                  aria-label={t("supply.areas.notifyLabel", { fsa: p.fsa, count: p.waiting })}
                >
                  {t("supply.areas.notifyShort", { count: p.waiting })}
                </button>
              ) : null}
              <button
                type="submit"
                name="intent"
                value="deactivate"
                className="rounded px-1.5 py-1 text-xs font-semibold text-red-700 hover:bg-red-50"
                aria-label={t("supply.areas.deactivateLabel", { fsa: p.fsa })}
              >
                {t("supply.areas.deactivate")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function InactiveAreas({ inactive, reply }: { inactive: Area[]; reply: AdminReply }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <section aria-labelledby="inactive-title" className="card">
      <h2 id="inactive-title" className="text-lg font-semibold">
        {t("supply.areas.inactiveTitle")}
      </h2>
      <Problem reply={reply} target="inactive" />
      <ul className="mt-3 flex flex-wrap gap-2" data-testid="inactive">
        {inactive.map((p) => (
          <li
            key={p.fsa}
            data-fsa={p.fsa}
            className="flex items-center gap-2 rounded-lg border border-stone-200 px-2 py-1"
          >
            <span className="font-mono font-semibold text-stone-600">{p.fsa}</span>
            <Form method="post">
              <input type="hidden" name="fsa" value={p.fsa} />
              <input type="hidden" name="target" value="inactive" />
              <button
                type="submit"
                name="intent"
                value={p.waiting ? "openNotify" : "open"}
                className="rounded px-1.5 py-1 text-xs font-semibold text-brand-700 hover:bg-brand-50"
                aria-label={t("supply.areas.reopenLabel", { fsa: p.fsa })}
              >
                {p.waiting ? t("supply.areas.openAndNotify", { count: p.waiting }) : t("supply.areas.reopen")}
              </button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
