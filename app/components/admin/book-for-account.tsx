// /admin/book-for's account form (issue 46 part 5): the operator opens the account of a resident who calls,
// with their agreement: e-mail, the language they read, name, address, an optional phone (a plain post,
// intent "create"). A refused form comes back as it was sent, each problem under its field.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, useReply } from "~/components/ui/plain-field";

export function OpenAccountForm({
  lastResult,
  prefill,
  busy,
}: {
  lastResult: unknown;
  prefill: { email: string; phone: string } | null;
  busy: boolean;
}) {
  const { t } = useTranslation(["bookfor", "profile", "common"]);
  const reply = useReply(lastResult, "open-account");
  const sent = Boolean(lastResult);
  const value = (name: string, fallback = "") => (sent ? reply.value(name) : fallback);
  const locale = value("locale", "fr");
  return (
    <section className="card max-w-2xl" aria-labelledby="open-account-title">
      <h2 id="open-account-title" className="text-lg font-semibold">
        {t("create.title")}
      </h2>
      <p className="mt-1 text-stone-700">{t("create.intro")}</p>
      <Form method="post" {...reply.formProps} className="mt-3 space-y-4">
        <FormError id={reply.errorId} errors={reply.formErrors} />
        <PlainField
          {...reply.field("email")}
          defaultValue={value("email", prefill?.email)}
          type="email"
          label={t("create.email")}
          autoComplete="off"
          maxLength={254}
          required
        />
        <fieldset aria-describedby="open-account-locale-error">
          <legend className="field-label">{t("create.language")}</legend>
          <div className="mt-1 flex flex-wrap gap-x-6">
            {(["fr", "en"] as const).map((lng) => (
              <label key={lng} className="flex min-h-[44px] items-center gap-2">
                <input
                  type="radio"
                  name="locale"
                  value={lng}
                  defaultChecked={locale === lng}
                  className="h-5 w-5 shrink-0"
                />
                <span>{t(`create.languages.${lng}`)}</span>
              </label>
            ))}
          </div>
          <p id="open-account-locale-error" className="field-error" aria-live="polite">
            {reply.error("locale") ? t(reply.error("locale")!) : null}
          </p>
        </fieldset>
        <div className="grid gap-4 sm:grid-cols-2">
          <PlainField {...reply.field("firstName")} label={t("profile:fields.firstName")} maxLength={100} required />
          <PlainField {...reply.field("lastName")} label={t("profile:fields.lastName")} maxLength={100} required />
        </div>
        <PlainField
          {...reply.field("streetAddress")}
          label={t("profile:fields.streetAddress")}
          maxLength={200}
          autoComplete="off"
          required
        />
        <div className="grid gap-4 sm:grid-cols-3">
          <PlainField {...reply.field("unit")} label={t("profile:fields.unit")} maxLength={20} autoComplete="off" />
          <PlainField
            {...reply.field("city")}
            defaultValue={value("city", "Montréal")}
            label={t("profile:fields.city")}
            maxLength={100}
            required
          />
          <PlainField {...reply.field("postalCode")} label={t("profile:fields.postalCode")} maxLength={7} required />
        </div>
        <input type="hidden" name="province" value="QC" />
        <PlainField
          {...reply.field("phone")}
          defaultValue={value("phone", prefill?.phone)}
          type="tel"
          label={t("create.phone")}
          hint={t("create.phoneHint")}
          maxLength={30}
          autoComplete="off"
        />
        <button type="submit" name="intent" value="create" className="btn-primary" disabled={busy}>
          {t("create.submit")}
        </button>
      </Form>
    </section>
  );
}
