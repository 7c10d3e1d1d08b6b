import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useRouteLoaderData } from "@remix-run/react";
import { Home } from "~/components/home";
import { Landing } from "~/components/landing";
import { titleMeta } from "~/lib/meta";
import type { RootData } from "~/root";
import { getT } from "~/services/i18n.server";

export const meta: MetaFunction = titleMeta;

export async function loader({ request }: LoaderFunctionArgs) {
  const t = await getT(request);
  return { title: t("app.tagline") };
}

export default function Index() {
  const root = useRouteLoaderData<RootData>("root");
  return root?.user ? <Home /> : <Landing />;
}
