// POST /api/sms/inbound: Twilio's webhook for a text a resident sends us (form-encoded). The
// X-Twilio-Signature is checked with twilio's validateRequest against the public URL (APP_URL) and the
// auth token: 403 when it is wrong. STOP (and its synonyms) turns texts off for that number (issue 35).
import type { ActionFunctionArgs } from "@remix-run/node";
import { inboundTextSigned, inboundTextsConfigured, stopTextsTo } from "~/services/accounts/phone.server";
import { apiMessage } from "~/services/http/api.server";
import { apiNotFound, methodNotAllowed } from "~/services/http/edge-guard.server";
import { isStopKeyword } from "~/lib/sms";

export async function action({ request }: ActionFunctionArgs) {
  if (request.method !== "POST") return methodNotAllowed({ request });
  // Without Twilio there is no webhook to answer.
  if (!inboundTextsConfigured()) return apiNotFound({ request });
  const params: Record<string, string> = {};
  try {
    for (const [key, value] of new URLSearchParams(await request.text())) params[key] = value;
  } catch {
    return apiMessage(request, "reminders:api.smsForbidden", 403);
  }
  const signature = request.headers.get("X-Twilio-Signature") ?? "";
  if (!inboundTextSigned(signature, params)) {
    return apiMessage(request, "reminders:api.smsForbidden", 403);
  }
  if (params.From && isStopKeyword(params.Body ?? "")) stopTextsTo(params.From);
  return new Response('<?xml version="1.0" encoding="UTF-8"?><Response></Response>', {
    headers: { "Content-Type": "text/xml; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export const loader = methodNotAllowed;
