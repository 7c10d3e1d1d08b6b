import { paymentProvider } from "~/services/payments/provider.server";
import { methodNotAllowed } from "~/services/http/edge-guard.server";

export async function loader() {
  const provider = paymentProvider();
  return Response.json({
    publishableKey: provider.publishableKey ?? "",
    provider: provider.name,
    testMode: provider.testMode,
  });
}

export const action = methodNotAllowed;
