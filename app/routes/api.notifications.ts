// GET: the resident's notifications (computed from their pickups) with read state.
// POST {ids: [...]} or {all: true}: marks them read.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { parseApiBody } from "~/services/http/api.server";
import { formatDate } from "~/lib/dates";
import { notificationText } from "~/lib/notifications";
import { getLanguage, getT } from "~/services/http/language.server";
import {
  markAllNotificationsRead,
  markNotificationsRead,
  notificationsFor,
} from "~/services/pickups/notifications.server";
import { requireApiUser } from "~/services/http/current-user.server";
import { jsonWithEtag } from "~/services/http/cached-json.server";

const ReadSchema = z.object({ ids: z.array(z.string().max(100)).max(200).optional(), all: z.boolean().optional() });

async function list(request: Request, userId: number) {
  const t = await getT(request, "orders");
  const lng = await getLanguage(request);
  return notificationsFor(userId).map((n) => ({
    id: n.id,
    type: n.type,
    ...notificationText(t, n, (date) => formatDate(date, lng, "short"), lng),
    isRead: n.isRead,
    createdAt: new Date(n.createdAt).toISOString(),
    ...(n.pickupRequestId ? { pickupRequestId: n.pickupRequestId } : {}),
  }));
}

export async function loader({ request }: LoaderFunctionArgs) {
  const user = await requireApiUser(request);
  // Personal: never stored by a browser (no-store), but an API client may revalidate its own copy (ETag, 304).
  return jsonWithEtag(request, await list(request, user.id), { headers: { "Cache-Control": "private, no-store" } });
}

export async function action({ request }: ActionFunctionArgs) {
  const user = await requireApiUser(request);
  const body = await parseApiBody(request, ReadSchema);
  if (body.all) markAllNotificationsRead(user.id);
  else markNotificationsRead(user.id, body.ids ?? []);
  return Response.json(await list(request, user.id));
}
