// The JSON API's shared edges: parse a body against a zod schema, and answer errors as
// `{ message }` in the caller's language with a 4xx status.
import type { z } from "zod";
import { readJson, requireMethod } from "./request.server";
import { getT } from "./language.server";
import { hit, type LimitName, RateLimitedError } from "./rate-limit.server";
import { CardError } from "~/services/checkout/simulated-card.server";
import { BookingError } from "~/services/booking/booking-error.server";
import { CheckoutPaidError } from "~/services/checkout/record.server";

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
    const issue = firstIssue(result.error.issues);
    const own = issue.message;
    // A value of the wrong type is answered naming the field and what is expected, as is every rule Zod words
    // itself ("Required", "Number must be greater than 0"); a rule of ours (a key: "card.cvcInvalid",
    // "profile:errors.nameRequired" for a missing name) says it in the product's words.
    const answer = isOurKey(own) && !isWrongType(issue) ? null : issueAnswer(issue);
    const t = await getT(request);
    if (answer) throw Response.json({ message: t(answer.key, answer.values) }, { status: 400 });
    const field = issue.path.join(".") || "body";
    throw Response.json({ message: t(own.includes(":") ? own : `${ns}:${own}`, { field }) }, { status: 400 });
  }
  return result.data;
}

const isOurKey = (message: string) => /^[\w-]+(:[\w-]+)?(\.[\w-]+)+$/.test(message);
/** A value of the wrong JSON type (a missing field is not one). */
const isWrongType = (issue: z.ZodIssue) => issue.code === "invalid_type" && issue.received !== "undefined";

/** A wrong type is told first (it hides every other rule of that field), then the issues in their order. */
function firstIssue(issues: z.ZodIssue[]): z.ZodIssue {
  return issues.find(isWrongType) ?? issues[0]!;
}

const TYPE_KEYS: Record<string, string> = {
  number: "common:errors.jsonNumber",
  string: "common:errors.jsonString",
  boolean: "common:errors.jsonBoolean",
  array: "common:errors.jsonArray",
};
const MISSING_KEYS: Record<string, string> = {
  number: "common:errors.jsonMissingNumber",
  string: "common:errors.jsonMissingString",
  boolean: "common:errors.jsonMissingBoolean",
  array: "common:errors.jsonMissingArray",
};
const SIZE_KEYS: Record<string, { min: string; max: string }> = {
  number: { min: "common:errors.jsonMinNumber", max: "common:errors.jsonMaxNumber" },
  string: { min: "common:errors.jsonMinText", max: "common:errors.jsonMaxText" },
  array: { min: "common:errors.jsonMinList", max: "common:errors.jsonMaxList" },
};

/**
 * What the API answers for a body that does not fit its schema, naming the field and what is expected: a
 * JSON value of the wrong type (true, [1], "1", null, {} where a number is expected) "bagsRequested: a number
 * is expected"; a missing one "expMonth is missing: a number is expected"; a number or text out of bounds,
 * a value not among those accepted.
 */
function issueAnswer(issue: z.ZodIssue): { key: string; values: Record<string, string | number> } {
  const field = issue.path.join(".") || "body";
  switch (issue.code) {
    case "invalid_type":
      if (issue.expected === "integer") return { key: "common:errors.jsonInteger", values: { field } };
      if (issue.received === "undefined")
        return { key: MISSING_KEYS[issue.expected] ?? "common:errors.jsonMissing", values: { field } };
      return { key: TYPE_KEYS[issue.expected] ?? "common:errors.jsonType", values: { field } };
    case "too_small":
    case "too_big": {
      const keys = SIZE_KEYS[issue.type];
      if (!keys) break;
      const bound = issue.code === "too_small" ? issue.minimum : issue.maximum;
      const inclusive = issue.inclusive || issue.type !== "number";
      const limit = Number(bound) + (inclusive ? 0 : issue.code === "too_small" ? 1 : -1);
      return issue.code === "too_small"
        ? { key: keys.min, values: { field, minimum: limit } }
        : { key: keys.max, values: { field, maximum: limit } };
    }
    case "unrecognized_keys":
      // A strict body (issue 45's POST /api/pickup-plans): a field it does not know is refused, named.
      return { key: "common:errors.jsonUnknownField", values: { field: issue.keys.join(", ") } };
    case "invalid_enum_value":
      return { key: "common:errors.jsonOneOf", values: { field, options: issue.options.join(", ") } };
    default:
      break;
  }
  return { key: "common:errors.jsonInvalid", values: { field } };
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
