// The service alert form and its preview (admin /admin/alerts, issue 35): the date, window and postal
// prefixes it goes to, the message in both languages, and the list of who gets it and how.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, useReply } from "~/components/ui/plain-field";
import { tableClass, tdClass, TableHead, TableScroll } from "./ui";

type Recipient = {
  userId: number;
  name: string;
  email: string;
  confirmationNumber: string;
  postalFsa: string;
  how: "email" | "sms" | "both" | "bell";
};

function TextArea({
  id,
  name,
  label,
  hint,
  value,
  error,
}: {
  id: string;
  name: string;
  label: string;
  hint: string;
  value: string;
  error: string | null;
}) {
  const { t } = useTranslation();
  return (
    <div>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <textarea
        id={id}
        name={name}
        defaultValue={value}
        rows={3}
        maxLength={500}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ""}`}
        className="field-input"
      />
      <p id={`${id}-hint`} className="mt-1 text-sm text-stone-600">
        {hint}
      </p>
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-sm font-medium text-red-700">
          {t(error)}
        </p>
      ) : null}
    </div>
  );
}

export function AlertFormView({ lastResult, idempotencyKey }: { lastResult: unknown; idempotencyKey: string }) {
  const { t } = useTranslation(["alerts", "common"]);
  const reply = useReply(lastResult, "alert");
  const value = (name: string) => reply.value(name);
  return (
    <Form method="post" {...reply.formProps} className="card max-w-2xl space-y-4">
      <FormError id={reply.errorId} errors={reply.formErrors} />
      <PlainField {...reply.field("date")} type="date" label={t("date")} required />
      <div>
        <label htmlFor="alert-window" className="field-label">
          {t("window")}
        </label>
        <select id="alert-window" name="window" defaultValue={value("window") || "all"} className="field-input">
          {(["all", "morning", "afternoon"] as const).map((w) => (
            <option key={w} value={w}>
              {t(`window_${w}`)}
            </option>
          ))}
        </select>
      </div>
      <PlainField {...reply.field("prefixes")} label={t("prefixes")} hint={t("prefixesHint")} autoComplete="off" />
      <TextArea
        id="alert-messageEn"
        name="messageEn"
        label={t("messageEn")}
        hint={t("messageHint")}
        value={value("messageEn")}
        error={reply.error("messageEn")}
      />
      <TextArea
        id="alert-messageFr"
        name="messageFr"
        label={t("messageFr")}
        hint={t("messageHint")}
        value={value("messageFr")}
        error={reply.error("messageFr")}
      />
      <input type="hidden" name="idempotencyKey" value={value("idempotencyKey") || idempotencyKey} />
      {/* At 200 % text on a phone a long French word ("Prévisualiser") is wider than the card: it may break. */}
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          name="intent"
          value="preview"
          className="btn-secondary min-w-0 max-w-full [overflow-wrap:anywhere]"
        >
          {t("preview")}
        </button>
        <button
          type="submit"
          name="intent"
          value="send"
          className="btn-primary min-w-0 max-w-full [overflow-wrap:anywhere]"
        >
          {t("send")}
        </button>
      </div>
    </Form>
  );
}

export function AlertPreview({
  recipients,
  emails,
  texts,
}: {
  recipients: Recipient[];
  emails: number;
  texts: number;
}) {
  const { t } = useTranslation(["alerts", "common"]);
  return (
    <section aria-labelledby="alert-preview-title" className="card space-y-3" data-testid="alert-preview">
      <h2 id="alert-preview-title" className="text-lg font-bold text-stone-900">
        {t("previewTitle")}
      </h2>
      <p data-testid="alert-counts">{t("previewCounts", { residents: recipients.length, emails, texts })}</p>
      {recipients.length ? (
        <TableScroll label={t("previewTitle")}>
          <table className={tableClass}>
            <TableHead columns={[t("colResident"), t("colPickup"), t("colHow")]} />
            <tbody className="divide-y divide-stone-100">
              {recipients.map((r) => (
                <tr key={r.userId} data-testid="alert-recipient">
                  <td className={tdClass}>
                    <div>{r.name || "—"}</div>
                    <div className="break-all text-stone-600">{r.email}</div>
                  </td>
                  <td className={`${tdClass} font-mono`}>
                    {r.confirmationNumber} ({r.postalFsa})
                  </td>
                  <td className={tdClass}>{t(`how_${r.how}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : (
        <p className="text-stone-600">{t("none")}</p>
      )}
    </section>
  );
}
