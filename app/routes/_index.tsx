// "/": the landing page for visitors, the home page for residents. `?redirect=history|materials`
// sends a signed-in resident straight there (the spec's links from e-mails and other pages).
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Home } from "~/components/home";
import { Landing } from "~/components/landing";
import { MAX_MATERIAL_QUERY } from "~/lib/material-text";
import { titleMeta } from "~/lib/meta";
import { BAG_OPTIONS, BUNDLE_PRICE_CENTS, formatMoney, priceBreakdown } from "~/lib/pricing";
import {
  askMaterials,
  getLanguage,
  listMaterials,
  redirect,
  getT,
  isServedPrefix,
  getUser,
  homePickups,
  pickupsOnClosedDates,
  seasonDiverted,
} from "~/services/http/pages.server";
import { now } from "~/lib/clock";
import { formatKg } from "~/lib/impact-estimate";

export const handle = { i18n: ["common", "orders", "search", "impact"] };

export const meta: MetaFunction = titleMeta;

const REDIRECTS = new Set(["history", "materials"]);

export async function loader({ request }: LoaderFunctionArgs) {
  const [user, t] = await Promise.all([getUser(request), getT(request)]);
  if (!user) return { title: t("app.tagline"), home: null, landing: await landing(request) };
  const target = new URL(request.url).searchParams.get("redirect");
  if (target && REDIRECTS.has(target)) throw redirect(`/${target}`);
  const { next, returning } = homePickups(user);
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

/** What a visitor needs to decide: the checkout's prices with taxes, the categories, and ?q= answered. */
async function landing(request: Request) {
  const lng = await getLanguage(request);
  const q = (new URL(request.url).searchParams.get("q") ?? "").slice(0, MAX_MATERIAL_QUERY).trim();
  return {
    prices: BAG_OPTIONS.map((bags) => ({
      bags,
      price: formatMoney(BUNDLE_PRICE_CENTS[bags], lng),
      total: formatMoney(priceBreakdown({ bags }).totalCents, lng),
    })),
    categories: listMaterials(lng).map(({ category, name }) => ({ category, name })),
    q,
    answer: q ? askMaterials(lng, q).answer : null,
    diverted: divertedLine(lng),
  };
}

/** Issue 47: the season's kilograms kept out of landfill, all pickups together (never per resident); null before any. */
function divertedLine(lng: string) {
  const { season, kgTenths } = seasonDiverted(now());
  return kgTenths > 0 ? { season, kg: formatKg(kgTenths, lng) } : null;
}

export default function Index() {
  const data = useLoaderData<typeof loader>();
  return data.home ? <Home {...data.home} /> : <Landing {...data.landing} />;
}
