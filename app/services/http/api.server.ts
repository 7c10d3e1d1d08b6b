// The JSON API's shared edges: parse a body against a zod schema, and answer errors as
// `{ message }` in the caller's language with a 4xx status.
import type { z } from "zod";
import { readJson, requireMethod } from "./request.server";
import { getT } from "./i18n.server";
import { hit, type LimitName, RateLimitedError } from "./rate-limit.server";
import { CardError } from "~/services/booking/checkout.server";
import { BookingError } from "~/services/booking/quote.server";
import { CheckoutPaidError } from "~/services/booking/checkouts.server";

export async function apiMessage(request: Request, key: string, status = 400, headers?: HeadersInit) {
  const t = await getT(request);
  return Response.json({ message: t(key) }, { status, headers });
}

/** Reads and validates a JSON body; throws a translated 400 (or 405/413/403) answer when it is not right. */
export async function parseApiBody<Schema extends z.ZodTypeAny>(
  request: Request,
  schema: Schema,
  method = "POST",
  /** The namespace the schema's message keys belong to. */
  ns = "common",
): Promise<z.infer<Schema>> {
  requireMethod(request, method);
  const body = await readJson(request);
  let result: z.SafeParseReturnType<unknown, z.infer<Schema>>;
  try {
    result = schema.safeParse(body);
  } catch {
    // Coercion can throw on hostile JSON ({"bagCount": {"toString": "x"}} cannot become a number or a string).
    throw await apiMessage(request, "common:errors.somethingWrong", 400);
  }
  if (!result.success) {
    const typed = typeIssueMessage(result.error.issues);
    if (typed) {
      const t = await getT(request);
      throw Response.json({ message: t(typed.key, { field: typed.field }) }, { status: 400 });
    }
    const key = result.error.issues[0]?.message ?? "errors.somethingWrong";
    // Zod's own messages (wrong type and the like) are not keys of ours.
    const known = key.includes(".") ? (key.includes(":") ? key : `${ns}:${key}`) : "common:errors.somethingWrong";
    throw await apiMessage(request, known, 400);
  }
  return result.data;
}

const TYPE_KEYS: Record<string, string> = {
  number: "common:errors.jsonNumber",
  string: "common:errors.jsonString",
  boolean: "common:errors.jsonBoolean",
  array: "common:errors.jsonArray",
};

/**
 * A JSON value of the wrong type (true, [1], "1", null, {} where a number is expected, and the like) is
 * answered with its field's name: "bagsRequested: a number is expected". A missing field keeps its
 * schema's own message.
 */
function typeIssueMessage(issues: z.ZodIssue[]): { key: string; field: string } | null {
  for (const issue of issues) {
    if (issue.code !== "invalid_type" || issue.received === "undefined") continue;
    const field = issue.path.join(".") || "body";
    return { key: TYPE_KEYS[issue.expected] ?? "common:errors.jsonType", field };
  }
  return null;
}

export async function apiRateLimit(request: Request, name: LimitName) {
  try {
    hit(request, name);
  } catch (error) {
    if (!(error instanceof RateLimitedError)) throw error;
    throw await apiMessage(request, "errors.tooManyRequests", 429, {
      "Retry-After": String(error.retryAfterSeconds),
    });
  }
}

/** Booking and card refusals as `{ message }` (a card's also with its `code`), translated; rethrows anything else. */
export async function checkoutApiError(request: Request, error: unknown): Promise<Response> {
  if (error instanceof CardError) {
    const response = await apiMessage(request, `checkout:${error.key}`, 402);
    const body = await response.json();
    return Response.json({ ...body, code: error.code }, { status: 402 });
  }
  if (error instanceof CheckoutPaidError) {
    const t = await getT(request);
    return Response.json(
      {
        message: t(`checkout:${error.key}`),
        code: "checkout_paid",
        confirmationNumber: error.pickup.confirmationNumber,
      },
      { status: 409 },
    );
  }
  if (error instanceof BookingError) return apiMessage(request, `checkout:${error.key}`, error.status);
  throw error;
}
