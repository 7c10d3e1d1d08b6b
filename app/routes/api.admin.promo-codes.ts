// POST /api/admin/promo-codes { count, percent? } → 201 { codes, percent, expiresAt }: one code or a batch
// (count 1..500, percent 1..100, default 50), each one use, valid 30 days. Bad input: 400 { message }.
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { adminApiRefusal, requireApiAdmin } from "~/services/http/admin-auth.server";
import { createCodesAsAdmin } from "~/services/admin/promo-codes.server";
import { parseApiBody } from "~/services/http/api.server";
import { PROMO_TTL_MS } from "~/services/booking/promo-rules.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

const BatchJsonSchema = z.object({ count: z.number().optional(), percent: z.number().optional() });

export async function action({ request }: ActionFunctionArgs) {
  const admin = await requireApiAdmin(request);
  // JSON numbers only ("5", true, [5], null are refused naming the field); the ranges are the admin form's (parseBatch).
  const body = await parseApiBody(request, BatchJsonSchema);
  try {
    const batch = createCodesAsAdmin(admin, { count: body.count, percent: body.percent });
    return Response.json(
      { codes: batch.codes, percent: batch.percent, expiresAt: new Date(batch.createdAt + PROMO_TTL_MS).toISOString() },
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
