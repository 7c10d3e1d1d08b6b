// POST /api/admin/invitations { email, role? } → 201 { id, email, role, expiresAt }: invites an address to the
// admin role (or the driver role with role "driver")
// (the same service as /admin/team): the role is granted only when that address follows the e-mailed link.
// Bad input or an address that is already an admin's: 400 { message }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { inviteAdmin } from "~/services/admin/invitations.server";
import { adminApiRefusal, requireApiAdmin } from "~/services/http/admin-auth.server";
import { parseApiBody } from "~/services/http/api.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";
import { getLanguage } from "~/services/http/language.server";
import { requestOrigin } from "~/services/http/request.server";

const InvitationJsonSchema = z.object({
  email: z.string({ required_error: "team.errors.emailRequired" }),
  role: z.enum(["admin", "driver"]).optional(),
});

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  const body = await parseApiBody(request, InvitationJsonSchema, "POST", "admin");
  try {
    const invitation = inviteAdmin(admin, body.email, {
      origin: requestOrigin(request),
      adminLocale: await getLanguage(request),
      role: body.role,
    });
    return Response.json(
      {
        id: invitation.id,
        email: invitation.email,
        role: invitation.role,
        expiresAt: new Date(invitation.expiresAt).toISOString(),
      },
      { status: 201 },
    );
  } catch (error) {
    return adminApiRefusal(request, error);
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return methodNotAllowed({ request });
}
