// POST /api/admin/promo-codes { count, percent? } → 201 { codes, percent, expiresAt }: one code or a batch
// (count 1..500, percent 1..100, default 50), each one use, valid 30 days. Bad input: 400 { message }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { requireApiAdmin } from "~/services/http/admin-auth.server";
import { AdminError } from "~/services/admin/errors.server";
import { createCodesAsAdmin } from "~/services/admin/promos.server";
import { readJson, requireMethod } from "~/services/http/request.server";
import { getT } from "~/services/http/i18n.server";
import { PROMO_TTL_MS } from "~/services/booking/promos.server";

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  requireMethod(request, "POST");
  const body = await readJson(request);
  try {
    const batch = createCodesAsAdmin(admin, { count: body.count, percent: body.percent });
    return Response.json(
      { codes: batch.codes, percent: batch.percent, expiresAt: new Date(batch.createdAt + PROMO_TTL_MS).toISOString() },
      { status: 201 },
    );
  } catch (error) {
    if (!(error instanceof AdminError)) throw error;
    const t = await getT(request, "admin");
    return Response.json({ message: t(error.key, error.values) }, { status: error.status });
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireApiAdmin(request);
  return Response.json({ message: "Method not allowed" }, { status: 405 });
}
