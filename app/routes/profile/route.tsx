// /profile: the resident's name and pickup address (spec sections 2 and 5). An address whose postal
// prefix is not served is refused, with the waitlist for that prefix; nothing is saved. Inside a booking
// (?bags=&slotId=) the button saves and goes on to checkout, or straight back to /booking when the chosen
// slot does not serve the new postal prefix (without JavaScript, "Find my address": address-lookup.server).
// Below it, the Change password form (intent=change-password) posts to the same action.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData, useLocation } from "@remix-run/react";
import { useActionAnswer } from "~/components/action-answer";
import { useTranslation } from "react-i18next";
import { CHANGE_PASSWORD_INTENT, ChangePasswordForm } from "~/components/accounts/change-password-form";
import { addressChoicesOf } from "~/lib/profile-intents";
import { ProfileForm } from "~/components/accounts/profile-form";
import { ReminderChoices } from "~/components/accounts/reminder-choices";
import { SessionList, YourData } from "~/components/privacy/account-privacy";
import { Toaster } from "~/components/toaster";
import { DEFAULT_PROVINCE } from "~/lib/address-selection";
import { titleMeta } from "~/lib/meta";
import { REMINDER_INTENTS } from "~/lib/profile-intents";
import {
  redirect,
  changePasswordFromForm,
  reject,
  readForm,
  getLanguage,
  getT,
  saveProfile,
  AddressNotServedError,
  nextBookingStep,
  readBookingContext,
  redirectWithToast,
  requireUser,
  rethrowDatabaseFault,
  sessionIntent,
  sessionsOf,
  BOOKING_PATH,
} from "~/services/http/pages.server";
import { bookingSummary, profileExtras, profileExtrasIntent } from "./profile-extras.server";
import { reminderIntent, reminderSettings } from "./reminder-actions.server";
import { findAddressIntent } from "./address-lookup.server";
import { parseProfileForm, profilePhone } from "./profile-save.server";
import { EmailConfirmationNotice } from "~/components/accounts/email-confirmation-notice";
import { CalendarFeed } from "~/components/pickups/calendar-feed";
import { MyPlans, planRefusalOf as planReply } from "~/components/pickups/my-plans";

export const handle = { i18n: ["common", "profile", "privacy", "visitor", "calendar", "reminders", "myplans"] };
export const meta: MetaFunction = titleMeta;

async function missingBooking(request: Request) {
  const t = await getT(request, "profile");
  return redirectWithToast(request, BOOKING_PATH, {
    title: "profile:toast.missingBooking",
    // /booking does not load the profile texts in the browser: i18next falls back to this default.
    values: { defaultValue: t("toast.missingBooking") },
    type: "error",
  });
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  const booking = readBookingContext(new URL(request.url).searchParams);
  if (booking.kind === "invalid") throw await missingBooking(request);
  const [t, lng] = await Promise.all([getT(request, "profile"), getLanguage(request)]);
  const sessions = await sessionsOf(request, user.id, lng);
  return {
    sessions,
    ...profileExtras(request, user, lng),
    title: t(booking.kind === "booking" ? "bookingTitle" : "title"),
    email: user.email,
    defaults: {
      firstName: user.firstName,
      lastName: user.lastName,
      streetAddress: user.streetAddress,
      unit: user.unit,
      city: user.city,
      province: user.province || DEFAULT_PROVINCE,
      postalCode: user.postalCode,
      pickupNotes: user.pickupNotes,
      phone: profilePhone(user.phone) ?? "",
    },
    messages: reminderSettings(user),
    bookingSummary: booking.kind === "booking" ? bookingSummary(t, booking, lng) : null,
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const booking = readBookingContext(new URL(request.url).searchParams);
  if (booking.kind === "invalid") return missingBooking(request);
  const formData = await readForm(request);
  if (formData.get("intent") === CHANGE_PASSWORD_INTENT) return changePasswordFromForm(request, formData, user.id);
  const reminded = await reminderIntent(request, formData, user.id);
  if (reminded) return reminded;
  const signedOut =
    (await sessionIntent(request, formData, user.id)) ?? (await profileExtrasIntent(request, formData, user));
  if (signedOut) return signedOut;
  const lookedUp = await findAddressIntent(request, formData);
  if (lookedUp) return lookedUp;
  const submission = parseProfileForm(formData);
  if (submission.status !== "success") return reject(submission);

  try {
    await saveProfile(user.id, submission.value, { lng: await getLanguage(request) });
  } catch (error) {
    if (error instanceof AddressNotServedError) {
      return reject(submission, {
        fieldErrors: { postalCode: [error.key] },
        values: { notServedFsa: error.fsa },
      });
    }
    rethrowDatabaseFault(error);
    console.error("[profile] update failed", error);
    return reject(submission, {
      status: 500,
      toast: { title: "profile:toast.updateFailed", description: "profile:toast.updateFailedDescription" },
    });
  }

  if (booking.kind === "none") {
    return redirectWithToast(request, "/profile", {
      title: "profile:toast.updated",
      description: "profile:toast.updatedDescription",
    });
  }
  // The profile is saved either way; /booking?addressMismatch=true says the chosen slot does not serve
  // the new address, at once (no timed redirect).
  return redirect(nextBookingStep(booking, submission.value.postalCode).url, 303);
}

export default function Profile() {
  const { email, defaults, bookingSummary, sessions, emailConfirmed, calendarFeed, messages, plans } =
    useLoaderData<typeof loader>();
  const actionData = useActionAnswer<typeof action>();
  const location = useLocation();
  const { t } = useTranslation(["profile", "common"]);
  // Both forms answer through this action; a reply of the password form carries its intent.
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
  const values = actionData && "values" in actionData ? actionData.values : undefined;
  const notServedFsa = values?.notServedFsa;
  const passwordReply = reply?.initialValue?.intent === CHANGE_PASSWORD_INTENT ? reply : undefined;
  const intents: unknown[] = Object.values(REMINDER_INTENTS);
  const phoneReply = intents.includes(reply?.initialValue?.intent) ? reply : undefined;
  return (
    <div className="mx-auto max-w-md">
      <Toaster toast={actionData?.toast ?? null} />
      <h1 className="page-title">{bookingSummary ? t("bookingTitle") : t("title")}</h1>
      <p className="mt-1 text-stone-700">{bookingSummary ? t("bookingIntro") : t("intro")}</p>
      {bookingSummary ? (
        <p
          className="mt-3 rounded-lg border border-brand-100 bg-brand-50 p-3 text-sm font-medium text-brand-800"
          data-testid="booking-summary"
        >
          {bookingSummary}
        </p>
      ) : null}
      {emailConfirmed || bookingSummary ? null : <EmailConfirmationNotice email={email} />}
      {/* A save redirects back here: the new location starts the form again from the saved (normalised) values. */}
      <ProfileForm
        key={location.key}
        email={email}
        defaults={defaults}
        inBooking={Boolean(bookingSummary)}
        lastResult={passwordReply || phoneReply || planReply(actionData) ? undefined : reply}
        notServedFsa={typeof notServedFsa === "string" ? notServedFsa : null}
        addressChoices={addressChoicesOf(values)}
      />
      {bookingSummary ? null : (
        <>
          <ReminderChoices key={`reminders-${location.key}`} settings={messages} lastResult={phoneReply} />
          <MyPlans plans={plans} answer={actionData} />
          <ChangePasswordForm key={`password-${location.key}`} lastResult={passwordReply} />
          <CalendarFeed url={calendarFeed} />
          <SessionList sessions={sessions} />
          <YourData />
        </>
      )}
    </div>
  );
}
