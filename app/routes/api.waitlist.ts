// POST /api/waitlist { email, name, postal_code, building_access } → 201 with the new entry, or 200 with
// the updated one when that e-mail already waits for that prefix. Bad input: 400 { message }, nothing stored.
import type { ActionFunctionArgs } from "@remix-run/node";
import { WaitlistApiSchema } from "~/lib/visitor-schemas";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { getLanguage } from "~/services/http/language.server";
import { joinWaitlist, toPublicWaitlistEntry } from "~/services/areas/waitlist.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { rethrowDatabaseFault } from "~/services/http/database-fault.server";

export async function action({ request }: ActionFunctionArgs) {
  const body = await parseApiBody(request, WaitlistApiSchema);
  await apiRateLimit(request, "waitlist");
  try {
    const { entry, created } = joinWaitlist({
      name: body.name,
      email: body.email,
      fsa: body.postal_code,
      reason: body.building_access,
      locale: await getLanguage(request),
    });
    return Response.json(toPublicWaitlistEntry(entry), { status: created ? 201 : 200 });
  } catch (error) {
    rethrowDatabaseFault(error);
    console.error("[api/waitlist] sign-up failed", error);
    return apiMessage(request, "visitor:waitlist.failed", 500);
  }
}

export const loader = methodNotAllowed;
