// The shared shape of a page action: read the form, validate it with its zod schema, and answer
// with Conform's result (400, field errors as translation keys) when something is wrong.
import { parseWithZod } from "@conform-to/zod";
import { data } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";

import type { z } from "zod";
import { readForm } from "./request.server";
import { hit, type LimitName, RateLimitedError } from "~/services/platform/rate-limit.server";
import type { Toast, ToastInput } from "~/lib/toast";
import { makeToast } from "./toast.server";

type ActionResult = { result: SubmissionResult<string[]>; toast?: Toast };

export async function parseSubmission<Schema extends z.ZodTypeAny>(request: Request, schema: Schema) {
  const formData = await readForm(request);
  return { formData, submission: parseWithZod(formData, { schema }) };
}

type ReplyOptions = { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] };
type Submission = { reply(options?: ReplyOptions): SubmissionResult<string[]> };

/** A failed submission: form-level error keys, an optional toast, any status. */
export function reject(
  submission: Submission,
  options: {
    formErrors?: string[];
    fieldErrors?: Record<string, string[]>;
    toast?: ToastInput;
    status?: number;
    headers?: HeadersInit;
    hideFields?: string[];
  } = {},
) {
  const result = submission.reply({
    formErrors: options.formErrors,
    fieldErrors: options.fieldErrors,
    hideFields: options.hideFields,
  });
  const toast: Toast | undefined = options.toast ? makeToast(options.toast, "error") : undefined;
  return data({ result, toast } satisfies ActionResult, {
    status: options.status ?? 400,
    headers: options.headers,
  });
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
