// Reading request bodies safely: same-origin check for every state change, size limits, and JSON
// errors in the shape of spec section 7 (`{ message }`).

import { getT } from "./language.server";
import { crossSiteRefusal, MAX_BODY_BYTES, methodNotAllowed } from "./edge-guard.server";
import { allowedOrigin, assertAllowedHost } from "./trusted-origin.server";

/**
 * Refuses cross-site state changes. Browsers send Sec-Fetch-Site and Origin on every POST; a request
 * without either (curl, server-to-server) is not a browser forging a resident's click.
 */
export function assertSameOrigin(request: Request) {
  // `Origin: null` (a sandboxed frame, a data: URL) is refused like any other site; logged in one line.
  const refusal = crossSiteRefusal(request);
  if (refusal) throw refusal;
}

function apiErrorResponse(message: string, status: number) {
  return Response.json({ message }, { status });
}

/** A refusal of the body in the caller's language (common:errors.<key>). */
async function bodyRefusal(request: Request, key: string, status: number) {
  const t = await getT(request);
  return apiErrorResponse(t(`common:errors.${key}`), status);
}

async function readLimitedText(request: Request): Promise<string> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > MAX_BODY_BYTES) throw await bodyRefusal(request, "bodyTooLarge", 413);
  const text = await request.text().catch(() => null);
  if (text === null) throw await bodyRefusal(request, "unreadableBody", 400);
  if (text.length > MAX_BODY_BYTES) throw await bodyRefusal(request, "bodyTooLarge", 413);
  return text;
}

/** Form posts from pages (url-encoded or multipart). Never throws a 500 on a malformed body. */
export async function readForm(request: Request): Promise<FormData> {
  assertAllowedHost(request);
  assertSameOrigin(request);
  const type = request.headers.get("Content-Type") ?? "";
  if (type.startsWith("multipart/form-data")) {
    try {
      return await request.formData();
    } catch {
      throw await bodyRefusal(request, "unreadableBody", 400);
    }
  }
  const text = await readLimitedText(request);
  const form = new FormData();
  for (const [key, value] of new URLSearchParams(text)) form.append(key, value);
  return form;
}

/** `application/json`, with or without parameters (`; charset=utf-8`), in any case. */
function isJsonContentType(header: string | null): boolean {
  return (header ?? "").split(";")[0]!.trim().toLowerCase() === "application/json";
}

/** JSON bodies for the /api routes. An empty body reads as {}; a body must be sent as application/json (else 415). */
export async function readJson(request: Request): Promise<Record<string, unknown>> {
  assertAllowedHost(request);
  assertSameOrigin(request);
  const text = await readLimitedText(request);
  if (!text.trim()) return {};
  // A body is JSON by its declared type too (charset allowed): text/plain, a form's encoding or none is
  // refused before it is parsed or acted on, so every endpoint answers 415 alike.
  if (!isJsonContentType(request.headers.get("Content-Type"))) {
    throw await bodyRefusal(request, "unsupportedMediaType", 415);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (value === undefined) throw await bodyRefusal(request, "malformedJson", 400);
  if (!value || typeof value !== "object" || Array.isArray(value)) {
    throw await bodyRefusal(request, "jsonObject", 400);
  }
  return value as Record<string, unknown>;
}

export function requireMethod(request: Request, ...methods: string[]) {
  if (!methods.includes(request.method)) {
    throw methodNotAllowed({ request });
  }
}

/** The origin links in e-mails point at, as the visitor reached us. */
export function requestOrigin(request: Request): string {
  // APP_URL when set, else the request's own origin once its host is known to be ours (never a
  // header-supplied foreign host: that would be a poisoned reset link).
  return allowedOrigin(request);
}
