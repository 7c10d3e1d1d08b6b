// The profile's texts and reminders forms (issue 35): verify the mobile number with its code, ask for a new
// code, save the reminder choices. Success comes back to /profile with a toast; a refusal is shown in place.
import { parseWithZod } from "@conform-to/zod";
import { z } from "zod";
import { resendPhoneCode, saveMessageChoices, TextsOffError, verifyPhoneCode } from "~/services/accounts/phone.server";
import { REMINDER_INTENTS } from "~/lib/profile-intents";
import { phoneState } from "~/lib/reminders";
import type { User } from "../../../db/schema";
import { profilePhone } from "./profile-save.server";
import { reject, rateLimited, submissionOf } from "../../services/http/forms.server";
import { redirectWithToast } from "../../services/http/toast.server";
import { textsConfigured } from "../../services/http/pages.server";

const CodeSchema = z.object({
  code: z
    .string({ required_error: "reminders:phone.errors.codeFormat" })
    .trim()
    .regex(/^\d{6}$/, "reminders:phone.errors.codeFormat"),
});

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on");

const ChoicesSchema = z.object({
  remindersEnabled: checkbox,
  // Left out (no text provider: the page offers no channel), the stored choice stays.
  reminderChannels: z.enum(["email", "sms", "both"]).optional(),
  alertsEnabled: checkbox,
  dayAfterEnabled: checkbox,
});

/** Answers one of the three forms, or null when the form is another of the profile page's. */
export async function reminderIntent(request: Request, formData: FormData, userId: number) {
  const intent = formData.get("intent");
  if (intent === REMINDER_INTENTS.verify) {
    const submission = parseWithZod(formData, { schema: CodeSchema });
    if (submission.status !== "success") return reject(submission);
    // Guessing a code is like guessing a password.
    const limited = rateLimited(request, "signIn", submission);
    if (limited) return limited;
    const result = verifyPhoneCode(userId, submission.value.code);
    if (result !== "verified") {
      return reject(submission, { fieldErrors: { code: [`reminders:phone.errors.${result}`] } });
    }
    return redirectWithToast(request, "/profile", { title: "reminders:phone.done" });
  }
  if (intent === REMINDER_INTENTS.resend) {
    const result = resendPhoneCode(userId);
    if (result !== "sent") return reject(submissionOf(formData), { formErrors: [`reminders:phone.errors.${result}`] });
    return redirectWithToast(request, "/profile", { title: "reminders:phone.resent" });
  }
  if (intent === REMINDER_INTENTS.choices) {
    const submission = parseWithZod(formData, { schema: ChoicesSchema });
    if (submission.status !== "success") return reject(submission);
    try {
      saveMessageChoices(userId, submission.value);
    } catch (error) {
      if (!(error instanceof TextsOffError)) throw error;
      return reject(submission, { fieldErrors: { reminderChannels: [error.key] } });
    }
    return redirectWithToast(request, "/profile", { title: "reminders:choices.saved" });
  }
  return null;
}

/**
 * The texts and reminders section's state: the number, where it stands, the choices. Made here, not in the
 * route's module: the browser's code for /profile then imports neither lib/reminders nor the date modules
 * under it (issue 44, JavaScript budget).
 */
export function reminderSettings(user: User) {
  return {
    phone: profilePhone(user.phone),
    phoneState: phoneState(user),
    textsOn: textsConfigured(),
    remindersEnabled: user.remindersEnabled,
    reminderChannels: user.reminderChannels,
    alertsEnabled: user.alertsEnabled,
    dayAfterEnabled: user.dayAfterEnabled,
  };
}
