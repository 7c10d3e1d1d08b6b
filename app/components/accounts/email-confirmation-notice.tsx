// Until the welcome e-mail's link is followed, the profile says the address is not confirmed and offers a
// new link (a plain POST form: no JavaScript needed).
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { RESEND_CONFIRMATION_INTENT } from "~/lib/profile-intents";

export function EmailConfirmationNotice({ email }: { email: string }) {
  const { t } = useTranslation("profile");
  return (
    <section
      aria-labelledby="confirm-email-title"
      className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-stone-900"
      data-testid="email-unconfirmed"
    >
      <h2 id="confirm-email-title" className="font-semibold">
        {t("confirmEmail.pendingTitle")}
      </h2>
      <p className="mt-1 text-sm">{t("confirmEmail.pendingBody", { email })}</p>
      <Form method="post" className="mt-2">
        <input type="hidden" name="intent" value={RESEND_CONFIRMATION_INTENT} />
        <button type="submit" className="btn-secondary">
          {t("confirmEmail.resend")}
        </button>
      </Form>
    </section>
  );
}
