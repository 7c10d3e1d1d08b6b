// The sign-up and sign-in form actions, shared by /sign-up, /sign-in and the tabbed /auth page:
// validate the posted form, create the account or check the password, start the session and redirect
// with the spec's toast; on failure answer Conform's result with the spec's messages.
import { parseWithZod } from "@conform-to/zod";
import { ChangePasswordSchema, SignInSchema, SignUpSchema } from "~/lib/auth-schemas";
import { isCanadianFsa } from "~/lib/postal";
import { AccountError, changePassword, isAdmin, registerUser } from "~/services/accounts/accounts.server";
import { signIn } from "./sign-in.server";
import { rateLimited, reject } from "./forms.server";
import { RateLimitedError } from "./rate-limit.server";
import { spamRejection } from "./honeypot.server";
import { requestOrigin } from "./request.server";
import { getLanguage } from "./language.server";
import { createUserSession, getSession } from "./current-user.server";
import { redirectWithToast, rememberedRedirect } from "./toast.server";

const HIDDEN_SIGN_UP_FIELDS = ["password", "confirmPassword"];

/** Creates the account from a posted sign-up form; success goes to /onboarding signed in. */
export async function signUpFromForm(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SignUpSchema });
  const spam = spamRejection(formData, submission, { hideFields: HIDDEN_SIGN_UP_FIELDS });
  if (spam) return spam;
  if (submission.status !== "success") return reject(submission, { hideFields: HIDDEN_SIGN_UP_FIELDS });
  // The prefix comes from a hidden field filled from the postal check: it must still be a Canadian one.
  const postalFsa = submission.value.postalFsa || undefined;
  if (postalFsa && !isCanadianFsa(postalFsa)) {
    return reject(submission, {
      hideFields: HIDDEN_SIGN_UP_FIELDS,
      fieldErrors: { postalFsa: ["errors.postalFsaInvalid"] },
    });
  }
  const limited = rateLimited(request, "signUp", submission);
  if (limited) return limited;
  try {
    const user = await registerUser({
      ...submission.value,
      postalFsa,
      locale: await getLanguage(request),
      origin: requestOrigin(request),
      welcome: true,
    });
    const headers = await createUserSession(user.id, { request });
    return redirectWithToast(
      request,
      "/onboarding",
      { title: "toast.accountCreated", description: "toast.welcome" },
      headers,
      { clearRedirect: true },
    );
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    if (error.key === "errors.passwordCommon") {
      return reject(submission, { hideFields: HIDDEN_SIGN_UP_FIELDS, fieldErrors: { password: [error.key] } });
    }
    if (error.key === "errors.emailTemporary") {
      return reject(submission, { hideFields: HIDDEN_SIGN_UP_FIELDS, fieldErrors: { email: [error.key] } });
    }
    const exists = error.key === "errors.userExists";
    return reject(submission, {
      status: error.status,
      hideFields: HIDDEN_SIGN_UP_FIELDS,
      formErrors: [exists ? "signUp.alreadyRegistered" : error.key],
      toast: exists
        ? { title: "toast.userExists", description: "toast.userExistsDescription" }
        : { title: "toast.registrationFailed", description: error.key },
    });
  }
}

/** Signs in from a posted form; success goes to the remembered page (or /, an admin's /admin). */
export async function signInFromForm(request: Request, formData: FormData) {
  const submission = parseWithZod(formData, { schema: SignInSchema });
  if (submission.status !== "success") return reject(submission, { hideFields: ["password"] });
  const limited = rateLimited(request, "signIn", submission);
  if (limited) return limited;
  try {
    const user = await signIn(request, submission.value);
    const headers = await createUserSession(user.id, { request });
    // An operator with nowhere remembered starts at the admin dashboard, not the residents' home.
    const target = await rememberedRedirect(request, isAdmin(user) ? "/admin" : "/");
    return redirectWithToast(request, target, { title: "toast.signedIn", description: "toast.welcomeBack" }, headers, {
      clearRedirect: true,
    });
  } catch (error) {
    if (error instanceof RateLimitedError) {
      return reject(submission, {
        formErrors: ["errors.accountLocked"],
        status: 429,
        headers: { "Retry-After": String(error.retryAfterSeconds) },
        hideFields: ["password"],
      });
    }
    if (!(error instanceof AccountError)) throw error;
    return reject(submission, {
      formErrors: [error.key],
      status: error.status,
      hideFields: ["password"],
      // The reason is said once, in the form; the toast only says that signing in failed.
      toast: { title: "toast.signInFailed" },
    });
  }
}

const HIDDEN_PASSWORD_FIELDS = ["currentPassword", "newPassword", "confirmPassword"];

/** The profile's Change password form: success comes back to /profile with a toast; other sessions end. */
export async function changePasswordFromForm(request: Request, formData: FormData, userId: number) {
  const submission = parseWithZod(formData, { schema: ChangePasswordSchema });
  if (submission.status !== "success") return reject(submission, { hideFields: HIDDEN_PASSWORD_FIELDS });
  // Guessing the current password is a sign-in attempt.
  const limited = rateLimited(request, "signIn", submission);
  if (limited) return limited;
  try {
    await changePassword({
      userId,
      currentPassword: submission.value.currentPassword,
      newPassword: submission.value.newPassword,
      keepSessionId: (await getSession(request)).id || undefined,
    });
  } catch (error) {
    if (!(error instanceof AccountError)) throw error;
    const field = error.key === "errors.passwordCommon" ? "newPassword" : "currentPassword";
    return reject(submission, { hideFields: HIDDEN_PASSWORD_FIELDS, fieldErrors: { [field]: [error.key] } });
  }
  return redirectWithToast(request, "/profile", {
    title: "profile:password.changed",
    description: "profile:password.changedDescription",
  });
}
