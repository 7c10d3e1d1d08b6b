// The dashboard's parts: the promo statistics, the form creating codes (one or a batch) and the recent
// redemptions, pending or booked.
import { Form, Link, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { type AdminReply, Problem, problemOf, sentValue } from "./problem";
import { Badge, StatCard, tableClass, tdClass, TableHead, TableScroll } from "./ui";

type Stats = {
  totalCodes: number;
  activeCodes: number;
  usedCodes: number;
  totalRedemptions: number;
  pendingRedemptions: number;
  totalSavingsText: string;
};

export function PromoStatCards({ stats }: { stats: Stats }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <section aria-labelledby="stats-title">
      <h2 id="stats-title" className="text-lg font-semibold">
        {t("stats.title")}
      </h2>
      <div className="mt-2 grid grid-cols-2 gap-3 md:grid-cols-3 lg:grid-cols-5 narrow:grid-cols-1">
        <StatCard id="totalCodes" label={t("stats.totalCodes")} value={stats.totalCodes} />
        <StatCard
          id="activeCodes"
          label={t("stats.activeCodes")}
          value={stats.activeCodes}
          hint={t("stats.activeHint")}
        />
        <StatCard id="usedCodes" label={t("stats.usedCodes")} value={stats.usedCodes} hint={t("stats.usedHint")} />
        <StatCard
          id="totalRedemptions"
          label={t("stats.totalRedemptions")}
          value={stats.totalRedemptions}
          hint={t("stats.redemptionsHint", { count: stats.pendingRedemptions })}
        />
        <StatCard
          id="totalSavings"
          label={t("stats.totalSavings")}
          value={stats.totalSavingsText}
          hint={t("stats.savingsHint")}
        />
      </div>
    </section>
  );
}

/** How many codes and their discount; a refused batch comes back as typed, with its problem. */
export function CreateCodesForm({
  reply,
  limits,
}: {
  reply: AdminReply;
  limits: { maxBatch: number; defaultPercent: number };
}) {
  const { t } = useTranslation(["admin", "common"]);
  const navigation = useNavigation();
  const creating = navigation.state === "submitting" && navigation.formData?.get("intent") === "createCodes";
  const refused = problemOf(reply, "create");
  return (
    <section aria-labelledby="create-title" className="card lg:col-span-1">
      <h2 id="create-title" className="text-lg font-semibold">
        {t("promo.createTitle")}
      </h2>
      <p className="mt-1 text-sm text-stone-700">{t("promo.createIntro")}</p>
      <Form method="post" className="mt-3 space-y-3" noValidate>
        <div>
          <label htmlFor="count" className="field-label">
            {t("promo.count")}
          </label>
          <input
            id="count"
            name="count"
            type="number"
            inputMode="numeric"
            min={1}
            max={limits.maxBatch}
            required
            defaultValue={refused ? (sentValue(reply, "count") ?? "") : "1"}
            className="field-input"
            aria-describedby="count-hint"
          />
          <p id="count-hint" className="mt-1 text-xs text-stone-600">
            {t("promo.countHint", { max: limits.maxBatch })}
          </p>
        </div>
        <div>
          <label htmlFor="percent" className="field-label">
            {t("promo.percent")}
          </label>
          <input
            id="percent"
            name="percent"
            type="number"
            inputMode="numeric"
            min={1}
            max={100}
            defaultValue={refused ? (sentValue(reply, "percent") ?? "") : String(limits.defaultPercent)}
            className="field-input"
            aria-describedby="percent-hint"
          />
          <p id="percent-hint" className="mt-1 text-xs text-stone-600">
            {t("promo.percentHint")}
          </p>
        </div>
        <Problem reply={reply} target="create" />
        <button type="submit" name="intent" value="createCodes" className="btn-primary w-full" disabled={creating}>
          {creating ? t("promo.creating") : t("promo.create")}
        </button>
      </Form>
      <Link to="/admin/promo-codes" className="btn-link mt-3 inline-block text-sm">
        {t("codes.all")}
      </Link>
    </section>
  );
}

type Redemption = { id: number; email: string; codeText: string; when: string; pickupRequestId: number | null };

export function RedemptionsTable({ redemptions }: { redemptions: Redemption[] }) {
  const { t } = useTranslation(["admin", "common"]);
  return (
    <section aria-labelledby="redemptions-title" className="card lg:col-span-2">
      <h2 id="redemptions-title" className="text-lg font-semibold">
        {t("redemptions.title")}
      </h2>
      {redemptions.length ? (
        <TableScroll label={t("redemptions.title")} className="mt-2">
          <table className={tableClass} data-testid="redemptions">
            <TableHead
              columns={[t("redemptions.email"), t("redemptions.code"), t("redemptions.date"), t("redemptions.status")]}
            />
            <tbody className="divide-y divide-stone-100">
              {redemptions.map((r) => (
                <tr key={r.id} data-testid="redemption-row">
                  <td className={`${tdClass} break-all`}>{r.email}</td>
                  <td className={`${tdClass} font-mono`}>{r.codeText}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>{r.when}</td>
                  <td className={tdClass}>
                    {r.pickupRequestId ? (
                      <Badge tone="booked">{t("redemptions.booked")}</Badge>
                    ) : (
                      <Badge tone="pending">{t("redemptions.pending")}</Badge>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="mt-2 text-stone-600">{t("redemptions.empty")}</p>
      )}
    </section>
  );
}
