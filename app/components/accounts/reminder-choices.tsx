// The profile's texts and reminders (issue 35): verifying the mobile number with the code texted to it, and
// the reminder choices (on or off, by e-mail, SMS or both; service alerts and the day-after e-mails). Plain forms posted to
// the profile's action (lib/reminders REMINDER_INTENTS): they work without JavaScript.
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { FormError, useReply } from "~/components/ui/plain-field";
import { island } from "~/components/island";
import * as sometimes from "~/components/sometimes.server";
import { REMINDER_INTENTS } from "~/lib/profile-intents";
import type { MessageSettings } from "./texts";

/** The mobile number's state, and its code's form while one is awaited: fetched only by a resident with a number. */
const PhoneVerification = island("phone-verification", sometimes.PhoneVerification, () =>
  import("./texts").then((module) => module.PhoneVerification),
);
/** The channels' radios: fetched only where a text provider is configured (else a sentence says so). */
const TextChannels = island("text-channels", sometimes.TextChannels, () =>
  import("./texts").then((module) => module.TextChannels),
);

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
  return <TextChannels settings={settings} />;
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
      {settings.phoneState === "none" ? null : (
        <PhoneVerification settings={settings} lastResult={choices ? undefined : lastResult} />
      )}
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
