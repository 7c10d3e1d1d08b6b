// The profile's texts (issue 35): the mobile number verified with the code texted to it (its state, the code's
// form while one is awaited, a new code), shown only to a resident who gave a number; and the channels
// (e-mail, texts or both), offered only where a text provider is configured. Islands of the reminder choices.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, useReply } from "~/components/ui/plain-field";
import { REMINDER_INTENTS } from "~/lib/profile-intents";
import type { PhoneState } from "~/lib/reminders";

export type MessageSettings = {
  phone: string | null;
  phoneState: PhoneState;
  /** A text provider is configured (issue 42): without one no text is sent, and none is offered. */
  textsOn: boolean;
  remindersEnabled: boolean;
  reminderChannels: "email" | "sms" | "both";
  alertsEnabled: boolean;
  dayAfterEnabled: boolean;
};

/** The number's state and its code's form: shown (by ReminderChoices) only to a resident who gave a number. */
export function PhoneVerification({ settings, lastResult }: { settings: MessageSettings; lastResult: unknown }) {
  const { t } = useTranslation(["reminders", "common"]);
  const reply = useReply(lastResult, "verify-phone");
  if (!settings.textsOn) {
    // No text provider: no code went out (it is kept in the outbox as not sent), so none is asked for.
    return (
      <p className="text-sm text-stone-700" data-testid="phone-texts-off">
        {t(settings.phoneState === "verified" ? "phone.textsOffVerified" : "phone.textsOff", { phone: settings.phone })}
      </p>
    );
  }
  if (settings.phoneState === "verified") {
    return (
      <p className="text-sm text-stone-700" data-testid="phone-verified">
        {t("phone.verified", { phone: settings.phone })}
      </p>
    );
  }
  return (
    <div className="space-y-3 rounded-lg border border-stone-200 p-3" data-testid="phone-verification">
      <h3 className="font-bold text-stone-900">{t("phone.title")}</h3>
      <p className="text-sm text-stone-700">
        {t(settings.phoneState === "stopped" ? "phone.stopped" : "phone.sent", { phone: settings.phone })}
      </p>
      <FormError id={reply.errorId} errors={reply.formErrors} />
      {settings.phoneState === "pending" ? (
        <Form method="post" {...reply.formProps} className="flex flex-col gap-3">
          <PlainField
            {...reply.field("code")}
            label={t("phone.code")}
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
          />
          <input type="hidden" name="intent" value={REMINDER_INTENTS.verify} />
          <button type="submit" className="btn-primary">
            {t("phone.verify")}
          </button>
        </Form>
      ) : null}
      <Form method="post">
        <input type="hidden" name="intent" value={REMINDER_INTENTS.resend} />
        <button type="submit" className="btn-secondary">
          {t("phone.resend")}
        </button>
      </Form>
    </div>
  );
}

/** The channels offered: e-mail, texts or both. */
export function TextChannels({ settings }: { settings: MessageSettings }) {
  const { t } = useTranslation(["reminders", "common"]);
  return (
    <fieldset className="space-y-2">
      <legend className="font-semibold text-stone-900">{t("choices.channels")}</legend>
      {(["email", "sms", "both"] as const).map((channel) => (
        <label key={channel} className="flex items-start gap-2">
          <input
            type="radio"
            name="reminderChannels"
            value={channel}
            defaultChecked={settings.reminderChannels === channel}
            className="mt-1 h-5 w-5"
          />
          <span>{t(`choices.channel_${channel}`)}</span>
        </label>
      ))}
      {settings.phoneState === "verified" ? null : (
        <p className="text-sm text-stone-600">{t("choices.smsNeedsPhone")}</p>
      )}
    </fieldset>
  );
}
