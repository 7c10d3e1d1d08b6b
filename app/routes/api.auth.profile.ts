// PUT /api/auth/profile (spec section 7): saves name and address (and, issue 35, the mobile number
// `phone` and the message choices given: remindersEnabled, reminderChannels, alertsEnabled,
// dayAfterEnabled), answers the updated user. An address picked from GET /api/address-suggestions is
// sent with its positionToken so its coordinates are kept; otherwise the address is geocoded. Texts as a
// channel (`sms`, `both`) while no text provider is configured are refused (400, issue 42): nothing would be sent.
// Bad input, and an address outside the service area, answer 400 { message } in the caller's language and
// store nothing.
import type { ActionFunctionArgs } from "@remix-run/node";
import { ProfileApiSchema } from "~/lib/profile-schema";
import { toPublicUser } from "~/services/accounts/accounts.server";
import { apiMessage, parseApiBody } from "~/services/http/api.server";
import { AddressNotServedError, saveProfile, TextsOffError } from "~/services/http/profile-save.server";
import { getLanguage } from "~/services/http/language.server";
import { requireMethod } from "~/services/http/request.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function action({ request }: ActionFunctionArgs) {
  requireMethod(request, "PUT");
  const user = await requireApiUser(request);
  const input = await parseApiBody(request, ProfileApiSchema, "PUT");
  try {
    const saved = await saveProfile(user.id, input, { lng: await getLanguage(request) });
    return Response.json(toPublicUser(saved), {
      headers: { "Cache-Control": "private, no-store" },
    });
  } catch (error) {
    if (error instanceof AddressNotServedError || error instanceof TextsOffError) {
      return apiMessage(request, error.key, 400);
    }
    throw error;
  }
}

export const loader = methodNotAllowed;
