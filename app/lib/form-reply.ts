// The one shape of a form action's failed answer, read by every page: Conform's `submission.reply()`
// (field errors under their names, form errors under ""), each error a translation key of the page's
// namespace, with the values those texts interpolate and an optional toast. Success is never this shape:
// it is a redirect with a flash toast (services/http/toast.server).
import type { SubmissionResult } from "@conform-to/react";
import type { Toast } from "./toast";

/**
 * The id of a refused form's own error (components/ui/plain-field FormError), and so the fragment the
 * refused-form redirect (services/serving/refused-form) carries: without JavaScript the page opens at it.
 */
export const FORM_ERROR_ANCHOR = "form-error";

export type FormReply = {
  reply: SubmissionResult<string[]>;
  /** Values the error texts interpolate ({{booked}}, {{date}}...). */
  values?: Record<string, string | number>;
  toast?: Toast;
};
