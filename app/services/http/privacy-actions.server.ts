// The web edge of issue 34: Download my data as a JSON attachment (/profile/export.json and GET
// /api/auth/export answer the same file) and as the readable page /profile/export (issue 43: the same
// export, told in the resident's language), the Delete my account form (and its API twin's errors), and
// the profile's session buttons.
import { parseWithZod } from "@conform-to/zod";
import { DeleteAccountSchema } from "~/lib/privacy-schemas";
import { SIGN_OUT_OTHERS_INTENT, SIGN_OUT_SESSION_INTENT } from "~/lib/session-intents";
import { dateKey } from "~/lib/dates";
import { formatDateTime } from "~/lib/format";
import { now } from "~/lib/clock";
import { destroyOtherSessionsOf } from "~/services/accounts/session-rows.server";
import { listSessions, signOutSession } from "~/services/accounts/session-list.server";
import { deleteAccount, deletionPreview, PrivacyError } from "~/services/privacy/deletion.server";
import { exportAccountData } from "~/services/privacy/export.server";
import { readableExport } from "~/services/privacy/export-view.server";
import { impactExport, impactExportSection } from "~/services/impact/impact-export.server";
import type { User } from "../../../db/schema";
import { rateLimited, reject } from "./forms.server";
import { destroyUserSession, getSession } from "./current-user.server";
import { getLanguage } from "./language.server";
import { redirectWithToast } from "./toast.server";

async function currentSessionId(request: Request) {
  return (await getSession(request)).id || undefined;
}

/** The account's data as a file to save: `recircle-data-YYYY-MM-DD.json`, never cached. */
export async function exportDownload(request: Request, user: User) {
  // Issue 47: the resident's impact rows (estimates per pickup) join the file under `impact`.
  const data = { ...exportAccountData(user.id, await currentSessionId(request)), impact: impactExport(user.id) };
  const body = JSON.stringify(data, null, 2);
  return new Response(body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="recircle-data-${dateKey(now())}.json"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** The page /profile/export: the same export as the file, in the page's language, section by section. */
export async function exportPage(request: Request, user: User) {
  const [sessionId, lng] = await Promise.all([currentSessionId(request), getLanguage(request)]);
  const view = await readableExport(exportAccountData(user.id, sessionId), lng);
  // Issue 47: the impact rows, as the file has them under `impact`.
  return { ...view, sections: [...view.sections, await impactExportSection(user.id, lng)] };
}

/**
 * The profile's list of the account's sessions, this one marked, their times written here in the reader's
 * language (issue 44: the browser's code for /profile then carries no date formats); only what the list shows.
 */
export async function sessionsOf(request: Request, userId: number, lng: string) {
  return listSessions(userId, await currentSessionId(request)).map((session) => ({
    handle: session.handle,
    browser: session.browser,
    system: session.system,
    current: session.current,
    lastSeen: formatDateTime(session.lastSeenAt, lng),
    signedIn: formatDateTime(session.createdAt, lng),
  }));
}

/** The profile's session buttons; null when the form is another one. */
export async function sessionIntent(request: Request, formData: FormData, userId: number) {
  const intent = formData.get("intent");
  const current = await currentSessionId(request);
  if (intent === SIGN_OUT_OTHERS_INTENT) {
    destroyOtherSessionsOf(userId, current);
    return redirectWithToast(request, "/profile", { title: "toast.otherSessionsSignedOut" });
  }
  if (intent === SIGN_OUT_SESSION_INTENT) {
    const handle = String(formData.get("session") ?? "");
    const done = signOutSession(userId, handle, current);
    return redirectWithToast(request, "/profile", {
      title: done ? "toast.sessionSignedOut" : "toast.sessionNotFound",
      type: done ? "success" : "error",
    });
  }
  return null;
}

/** The confirmation page: refused now (the truck is coming)? How many pickups would be cancelled? */
export function deletionSummary(userId: number) {
  const preview = deletionPreview(userId);
  return { refusal: preview.refusal ? `privacy:${preview.refusal}` : null, cancels: preview.cancels };
}

const HIDDEN = ["password"];

/** The Delete my account form: refused in place (wrong password, truck coming); done, signed out at home. */
export async function deleteAccountFromForm(request: Request, formData: FormData, user: User) {
  const submission = parseWithZod(formData, { schema: DeleteAccountSchema });
  if (submission.status !== "success") return reject(submission, { hideFields: HIDDEN });
  // Guessing the password is a sign-in attempt.
  const limited = rateLimited(request, "signIn", submission);
  if (limited) return limited;
  try {
    await deleteAccount(user, submission.value.password);
  } catch (error) {
    if (!(error instanceof PrivacyError)) throw error;
    const key = `privacy:${error.key}`;
    return error.key === "delete.wrongPassword"
      ? reject(submission, { hideFields: HIDDEN, fieldErrors: { password: [key] } })
      : reject(submission, { hideFields: HIDDEN, formErrors: [key], status: error.status });
  }
  const headers = await destroyUserSession(request);
  return redirectWithToast(
    request,
    "/",
    { title: "toast.accountDeleted", description: "toast.accountDeletedDescription" },
    headers,
  );
}
