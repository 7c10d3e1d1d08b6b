// /profile: the resident's name and pickup address (spec sections 2 and 5). Inside a booking
// (?bags=&slotId=) the button saves and goes on to checkout, or back to /booking when the chosen slot
// does not serve the new postal prefix (at once without JavaScript, after 3 seconds with it). Below it, the
// Change password form (intent=change-password) posts to the same action.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { useActionData, useLoaderData, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CHANGE_PASSWORD_INTENT, ChangePasswordForm } from "~/components/accounts/change-password-form";
import { ProfileForm } from "~/components/accounts/profile-form";
import { ReminderChoices } from "~/components/accounts/reminder-choices";
import { SessionList, YourData } from "~/components/privacy/account-privacy";
import { Toaster } from "~/components/toaster";
import { DEFAULT_PROVINCE } from "~/lib/address-selection";
import { formatDate, windowLabel } from "~/lib/format";
import { titleMeta } from "~/lib/meta";
import { ProfileSchema } from "~/lib/profile-schema";
import { phoneState, REMINDER_INTENTS } from "~/lib/reminders";
import {
  data,
  redirect,
  changePasswordFromForm,
  reject,
  readForm,
  getLanguage,
  getT,
  updateProfile,
  nextBookingStep,
  readBookingContext,
  makeToast,
  redirectWithToast,
  requireUser,
  rethrowDatabaseFault,
  reminderIntent,
  sessionIntent,
  sessionsOf,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "profile", "privacy", "reminders"] };

export const meta: MetaFunction = titleMeta;

async function missingBooking(request: Request) {
  const t = await getT(request, "profile");
  return redirectWithToast(request, "/booking", {
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
  const [t, lng, sessions] = await Promise.all([
    getT(request, "profile"),
    getLanguage(request),
    sessionsOf(request, user.id),
  ]);
  return {
    sessions,
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
      phone: user.phone ?? "",
    },
    messages: {
      phone: user.phone,
      phoneState: phoneState(user),
      remindersEnabled: user.remindersEnabled,
      reminderChannels: user.reminderChannels,
      alertsEnabled: user.alertsEnabled,
    },
    bookingSummary:
      booking.kind === "booking"
        ? t("bookingSummary", {
            bags: t("bags", { count: booking.bags }),
            date: formatDate(booking.slot.date, lng),
            window: windowLabel(booking.slot.window, lng),
          })
        : null,
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
  const signedOut = await sessionIntent(request, formData, user.id);
  if (signedOut) return signedOut;
  const submission = parseWithZod(formData, { schema: ProfileSchema });
  if (submission.status !== "success") return reject(submission);

  try {
    updateProfile(user.id, submission.value);
  } catch (error) {
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
  const next = nextBookingStep(booking, submission.value.postalCode);
  if (next.step === "checkout") return redirect(next.url, 303);

  // The profile is saved either way; the slot chosen earlier does not serve the new address.
  const toast = { title: "profile:toast.addressMismatch", values: { fsa: next.fsa }, type: "error" as const };
  // Without JavaScript /booking?addressMismatch=true shows the Address Not Served toast itself.
  if (formData.get("js") !== "1") return redirect(next.url, 303);
  return data({
    reply: submission.reply(),
    toast: makeToast({ ...toast, description: "profile:toast.addressMismatchRedirect" }),
    mismatchRedirect: next.url,
  });
}

export default function Profile() {
  const { email, defaults, bookingSummary, sessions, messages } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const { t } = useTranslation(["profile", "common"]);
  const mismatchRedirect = actionData && "mismatchRedirect" in actionData ? actionData.mismatchRedirect : null;
  // Both forms answer through this action; a reply of the password form carries its intent.
  const reply = actionData && "reply" in actionData ? actionData.reply : undefined;
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
      {/* A save redirects back here: the new location starts the form again from the saved (normalised) values. */}
      <ProfileForm
        key={location.key}
        email={email}
        defaults={defaults}
        inBooking={Boolean(bookingSummary)}
        lastResult={passwordReply || phoneReply ? undefined : reply}
        mismatchRedirect={mismatchRedirect}
      />
      {bookingSummary ? null : (
        <>
          <ReminderChoices key={`reminders-${location.key}`} settings={messages} lastResult={phoneReply} />
          <ChangePasswordForm key={`password-${location.key}`} lastResult={passwordReply} />
          <SessionList sessions={sessions} />
          <YourData />
        </>
      )}
    </div>
  );
}
