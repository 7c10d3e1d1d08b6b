// The profile's texts and reminders (issue 35): verifying the mobile number with the code texted to it, and
// the reminder choices (on or off, by e-mail, SMS or both; service alerts and the day-after e-mails). Plain forms posted to
// the profile's action (lib/reminders REMINDER_INTENTS): they work without JavaScript.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, PlainField, useReply } from "~/components/ui/plain-field";
import { REMINDER_INTENTS, type PhoneState } from "~/lib/reminders";

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

function PhoneVerification({ settings, lastResult }: { settings: MessageSettings; lastResult: unknown }) {
  const { t } = useTranslation(["reminders", "common"]);
  const reply = useReply(lastResult, "verify-phone");
  if (settings.phoneState === "none") return null;
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

/** One message kind turned on or off. */
function Choice({ name, checked, label }: { name: string; checked: boolean; label: string }) {
  return (
    <label className="flex items-start gap-2">
      <input type="checkbox" name={name} defaultChecked={checked} className="mt-1 h-5 w-5" />
      <span>{label}</span>
    </label>
  );
}

/** The intent a form's reply came back for (the profile's forms share one action). */
function intentOf(result: unknown) {
  return (result as { initialValue?: { intent?: unknown } } | undefined)?.initialValue?.intent;
}

/** The channels offered: e-mail, texts or both; without a text provider, what is true instead. */
function Channels({ settings }: { settings: MessageSettings }) {
  const { t } = useTranslation(["reminders", "common"]);
  if (!settings.textsOn) {
    const chose = settings.reminderChannels !== "email";
    return (
      <p className="text-sm text-stone-700" data-testid="texts-off">
        {t(chose ? "choices.textsOffChosen" : "choices.textsOff")}
      </p>
    );
  }
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

export function ReminderChoices({ settings, lastResult }: { settings: MessageSettings; lastResult: unknown }) {
  const { t } = useTranslation(["reminders", "common"]);
  const choices = intentOf(lastResult) === REMINDER_INTENTS.choices;
  const reply = useReply(choices ? lastResult : undefined, REMINDER_INTENTS.choices);
  const channelError = reply.error("reminderChannels");
  return (
    <section aria-labelledby="reminder-choices-title" className="card mt-6 space-y-4">
      <h2 id="reminder-choices-title" className="text-lg font-bold text-stone-900">
        {t("choices.title")}
      </h2>
      <p className="text-sm text-stone-700">{t("choices.intro")}</p>
      <PhoneVerification settings={settings} lastResult={choices ? undefined : lastResult} />
      <Form method="post" className="space-y-4" data-testid="reminder-choices">
        <FormError id={reply.errorId} errors={channelError ? [channelError] : []} />
        <Choice name="remindersEnabled" checked={settings.remindersEnabled} label={t("choices.remindersEnabled")} />
        <Channels settings={settings} />
        <Choice name="alertsEnabled" checked={settings.alertsEnabled} label={t("choices.alertsEnabled")} />
        <Choice name="dayAfterEnabled" checked={settings.dayAfterEnabled} label={t("choices.dayAfterEnabled")} />
        <input type="hidden" name="intent" value={REMINDER_INTENTS.choices} />
        <button type="submit" className="btn-primary w-full">
          {t("choices.submit")}
        </button>
      </Form>
    </section>
  );
}
