// "/": the landing page for visitors, the home page for residents. `?redirect=history|materials`
// sends a signed-in resident straight there (the spec's links from e-mails and other pages).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Home } from "~/components/home";
import { Landing } from "~/components/landing";
import { titleMeta } from "~/lib/meta";
import {
  redirect,
  getT,
  isServedPrefix,
  getUser,
  homeOrders,
  pickupsOnClosedDates,
} from "~/services/http/pages.server";

export const handle = { i18n: ["common", "orders"] };

export const meta: MetaFunction = titleMeta;

const REDIRECTS = new Set(["history", "materials"]);

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, t] = await Promise.all([getUser(request), getT(request)]);
  if (!user) return { title: t("app.tagline"), home: null };
  const target = new URL(request.url).searchParams.get("redirect");
  if (target && REDIRECTS.has(target)) throw redirect(`/${target}`);
  const { next, returning } = homeOrders(user);
  return {
    title: t("home.title"),
    home: {
      firstName: user.firstName,
      postalFsa: user.postalFsa,
      served: user.postalFsa ? isServedPrefix(user.postalFsa) : null,
      returning,
      next: next && {
        id: next.id,
        confirmationNumber: next.confirmationNumber,
        bagsRequested: next.bagsRequested,
        slot: { date: next.slot.date, window: next.slot.window },
        changes: next.changes,
      },
      closedDates: pickupsOnClosedDates(user.id),
    },
  };
}

export default function Index() {
  const { home } = useLoaderData<typeof loader>();
  return home ? <Home {...home} /> : <Landing />;
}
