// A resident's admin page, its tables (issue 42 part 9): their pickups (each to its admin page), their
// payments and the messages written to them (kind, date, status: never a body).
import { useTranslation } from "react-i18next";
import { PickupLink } from "./people";
import { Badge, tableClass, tdClass, TableHead, TableScroll } from "./ui";

const OUTBOX_TONE: Record<string, string> = { queued: "pending", sent: "booked", failing: "inactive" };

type Pickup = {
  confirmationNumber: string;
  date: string;
  window: string;
  status: string;
  bags: number;
  total: string;
  refund: { amount: string; status: string | null } | null;
};

export function ResidentPickups({ pickups }: { pickups: Pickup[] }) {
  const { t } = useTranslation(["people", "admin"]);
  return (
    <section aria-labelledby="pickups-title" className="space-y-2">
      <h2 id="pickups-title" className="text-lg font-semibold">
        {t("resident.pickups", { count: pickups.length })}
      </h2>
      {pickups.length ? (
        <TableScroll label={t("resident.pickups", { count: pickups.length })} className="card p-0">
          <table className={tableClass} data-testid="resident-pickups">
            <TableHead
              className="bg-stone-50"
              columns={[
                t("resident.columns.confirmation"),
                t("resident.columns.date"),
                t("resident.columns.status"),
                t("resident.columns.bags"),
                t("resident.columns.total"),
                t("resident.columns.refund"),
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {pickups.map((p) => (
                <tr key={p.confirmationNumber} data-confirmation={p.confirmationNumber}>
                  <td className={tdClass}>
                    <PickupLink confirmationNumber={p.confirmationNumber} />
                  </td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {p.date} · {t(`admin:window.${p.window}`)}
                  </td>
                  <td className={tdClass}>
                    <Badge tone={p.status}>{t(`admin:status.${p.status}`)}</Badge>
                  </td>
                  <td className={`${tdClass} tabular-nums`}>{p.bags}</td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{p.total}</td>
                  <td className={`${tdClass} whitespace-nowrap`}>
                    {p.refund
                      ? t("resident.refund", {
                          amount: p.refund.amount,
                          status: p.refund.status ? t(`resident.refundStatus.${p.refund.status}`) : "",
                        })
                      : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="card text-stone-600">{t("resident.noPickups")}</p>
      )}
    </section>
  );
}

type Payment = {
  id: number;
  createdAt: string;
  provider: string;
  amount: string;
  refunded: string;
  status: string;
  confirmationNumber: string | null;
};

export function ResidentPayments({ payments }: { payments: Payment[] }) {
  const { t } = useTranslation(["people", "admin"]);
  return (
    <section aria-labelledby="payments-title" className="space-y-2">
      <h2 id="payments-title" className="text-lg font-semibold">
        {t("resident.payments", { count: payments.length })}
      </h2>
      {payments.length ? (
        <TableScroll label={t("resident.payments", { count: payments.length })} className="card p-0">
          <table className={tableClass} data-testid="resident-payments">
            <TableHead
              className="bg-stone-50"
              columns={[
                t("resident.columns.paidOn"),
                t("resident.columns.method"),
                t("resident.columns.amount"),
                t("resident.columns.refunded"),
                t("resident.columns.status"),
                t("resident.columns.pickup"),
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {payments.map((p) => (
                <tr key={p.id} data-testid="resident-payment">
                  <td className={`${tdClass} whitespace-nowrap`}>{p.createdAt}</td>
                  <td className={tdClass}>{t(`resident.method.${p.provider}`)}</td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{p.amount}</td>
                  <td className={`${tdClass} whitespace-nowrap tabular-nums`}>{p.refunded || "—"}</td>
                  <td className={tdClass}>{t(`resident.paymentStatus.${p.status}`)}</td>
                  <td className={tdClass}>
                    {p.confirmationNumber ? <PickupLink confirmationNumber={p.confirmationNumber} /> : "—"}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="card text-stone-600">{t("resident.noPayments")}</p>
      )}
    </section>
  );
}

type Message = {
  id: number;
  createdAt: string;
  channel: string;
  kind: string;
  subject: string;
  locale: string;
  status: string;
};

export function ResidentMessages({ messages, total }: { messages: Message[]; total: number }) {
  const { t } = useTranslation(["people", "admin"]);
  return (
    <section aria-labelledby="messages-title" className="space-y-2">
      <h2 id="messages-title" className="text-lg font-semibold">
        {t("resident.messages", { count: total })}
      </h2>
      <p className="text-sm text-stone-600">
        {t("resident.bodiesHidden")}
        {total > messages.length ? ` ${t("resident.messagesShown", { shown: messages.length, count: total })}` : null}
      </p>
      {messages.length ? (
        <TableScroll label={t("resident.messages", { count: total })} className="card p-0">
          <table className={tableClass} data-testid="resident-messages">
            <TableHead
              className="bg-stone-50"
              columns={[
                t("resident.columns.written"),
                t("resident.columns.channel"),
                t("resident.columns.kind"),
                t("resident.columns.subject"),
                t("resident.columns.status"),
              ]}
            />
            <tbody className="divide-y divide-stone-100">
              {messages.map((m) => (
                <tr key={m.id} data-testid="resident-message" data-kind={m.kind}>
                  <td className={`${tdClass} whitespace-nowrap`}>{m.createdAt}</td>
                  <td className={tdClass}>{t(`resident.channel.${m.channel}`)}</td>
                  <td className={tdClass}>
                    <code className="text-xs" translate="no">
                      {m.kind}
                    </code>
                  </td>
                  <td className={tdClass} lang={m.subject ? m.locale : undefined}>
                    {m.subject || <span className="text-stone-600">{t("resident.textMessage")}</span>}
                  </td>
                  <td className={tdClass}>
                    <Badge tone={OUTBOX_TONE[m.status] ?? "expired"}>{t(`admin:outbox.status.${m.status}`)}</Badge>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="card text-stone-600">{t("resident.noMessages")}</p>
      )}
    </section>
  );
}
