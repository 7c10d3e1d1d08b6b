// The one way a page action answers a form: read it, validate it with its zod schema, and answer a
// failed submission as Conform's reply under `reply` (app/lib/form-reply), status 400 unless said
// otherwise. Success is a redirect with a flash toast (toast.server).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import { z } from "zod";
import type { FormReply } from "~/lib/form-reply";
import type { ToastInput } from "~/lib/toast";
import { hit, type LimitName, RateLimitedError } from "./rate-limit.server";
import { readForm } from "./request.server";
import { makeToast } from "./toast.server";

export async function parseSubmission<Schema extends z.ZodTypeAny>(request: Request, schema: Schema) {
  const formData = await readForm(request);
  return { formData, submission: parseWithZod(formData, { schema }) };
}

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };
export type Submission = { reply(options?: ReplyOptions): SubmissionResult<string[]> };

const anyForm = z.object({}).passthrough();
/** A submission for a form that has no schema of its own (an intent button, an admin row), to answer it. */
export function submissionOf(formData: FormData): Submission {
  return parseWithZod(formData, { schema: anyForm });
}

export type RejectOptions = {
  formErrors?: string[];
  fieldErrors?: Record<string, string[]>;
  /** Values the error texts interpolate. */
  values?: Record<string, string | number>;
  toast?: ToastInput;
  status?: number;
  headers?: HeadersInit;
  hideFields?: string[];
};

/** A failed submission: error keys for the form and its fields, an optional toast; 400 unless said. */
export function reject(submission: Submission, options: RejectOptions = {}) {
  const body: FormReply = {
    reply: submission.reply({
      formErrors: options.formErrors,
      fieldErrors: options.fieldErrors,
      hideFields: options.hideFields,
    }),
  };
  if (options.values) body.values = options.values;
  if (options.toast) body.toast = makeToast(options.toast, "error");
  return data(body, { status: options.status ?? 400, headers: options.headers });
}

/** Counts an attempt against a rate limit; returns the 429 answer when over it. */
export function rateLimited(request: Request, name: LimitName, submission: Submission) {
  try {
    hit(request, name);
    return null;
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    return reject(submission, {
      formErrors: ["errors.tooManyRequests"],
      status: 429,
      headers: { "Retry-After": String(error.retryAfterSeconds) },
    });
  }
}
