// POST /api/auth/phone/verify { "code" }: the 6-digit code texted to the profile's new mobile number
// (issue 35). The profile page's "Verify" does the same through the same service. 10 minutes, 5 tries.
import type { ActionFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { verifyPhoneCode } from "~/services/accounts/phone.server";
import { apiMessage, apiRateLimit, parseApiBody } from "~/services/http/api.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

const CodeSchema = z.object({
  code: z
    .string({
      required_error: "reminders:phone.errors.codeFormat",
      invalid_type_error: "reminders:phone.errors.codeFormat",
    })
    .trim()
    .regex(/^\d{6}$/, "reminders:phone.errors.codeFormat"),
});

const STATUS = { wrong: 400, expired: 410, tooManyTries: 429, noCode: 409 } as const;

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const { code } = await parseApiBody(request, CodeSchema);
  await apiRateLimit(request, "signIn");
  const result = verifyPhoneCode(user.id, code);
  const headers = { "Cache-Control": "private, no-store" };
  if (result === "verified") return apiMessage(request, "reminders:phone.done", 200, headers);
  return apiMessage(request, `reminders:phone.errors.${result}`, STATUS[result], headers);
}

export const loader = methodNotAllowed;
