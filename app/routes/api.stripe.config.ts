import { paymentProvider } from "~/services/payments/index.server";

export async function loader() {
  const provider = paymentProvider();
  return Response.json({
    publishableKey: provider.publishableKey ?? "",
    provider: provider.name,
    testMode: provider.testMode,
  });
}

export const action = () => Response.json({ message: "Method not allowed" }, { status: 405 });
