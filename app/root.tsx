import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { Links, Meta, Outlet, useLoaderData, useLocation, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { BottomNav } from "./components/bottom-nav";
import { Footer } from "./components/footer";
import { Header } from "./components/header";
import { ContainerQueries, InlineStylesheet } from "./components/inline-stylesheet";
import { LateScripts } from "./components/late-scripts";
import { discoverRoutesOnNavigation } from "./components/no-route-discovery";
import { RouteFocus } from "./components/route-focus";
import { ScrollRestoration } from "./components/scroll-restoration";
import { StoredPiece } from "./components/stored-pieces";
import { NotificationBell } from "./components/notification-bell";
import { useNonce } from "./components/nonce";
import { Toaster } from "./components/toaster";
import { island } from "./components/island";
import { RouteError as RouteErrorOnServer } from "./components/sometimes.server";
import { onboardingGateRedirect } from "./lib/onboarding-gate";
import { driverGateRedirect, isOperatorPath } from "./lib/operator-shell";
import {
  data,
  redirect,
  toPublicUser,
  notificationsShown,
  env,
  getLanguage,
  translationsVersion,
  getUser,
  honeypotInputProps,
  takeToast,
  flashToast,
} from "~/services/http/pages.server";
import stylesheet from "./tailwind.css";

discoverRoutesOnNavigation();

// The stylesheet is inlined in <head> (InlineStylesheet), not linked: no render-blocking request.
export const links: LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export const meta: MetaFunction = () => [{ title: "ReCircle" }];

export const handle = { i18n: ["common", "orders"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const [locale, user, { toast, refusedForm, setCookie }] = await Promise.all([
    getLanguage(request),
    getUser(request),
    takeToast(request),
  ]);
  // The onboarding gate. Thrown before the toast cookie is cleared, so a pending toast (say "Signed in")
  // shows on the guide instead. Client navigations reach here too: single fetch runs every loader.
  const pathname = new URL(request.url).pathname;
  const guide = onboardingGateRedirect(user, pathname);
  const gate = guide ?? driverGateRedirect(user, pathname);
  // A link followed during the guide says why it led back to the guide (unless a toast is already due).
  if (guide && pathname !== "/" && !toast) {
    throw redirect(guide, {
      headers: await flashToast(request, {
        type: "info",
        title: "toast.guideFirst",
        description: "toast.guideFirstDescription",
      }),
    });
  }
  if (gate) throw redirect(gate);
  return data(
    {
      locale,
      user: user ? toPublicUser(user) : null,
      notifications: user ? await notificationsShown(user.id, locale, 20) : [],
      toast,
      // A refused form's answer, after the redirect that spares Back a resubmission (serving/refused-form).
      refusedForm,
      i18nVersion: translationsVersion,
      supportEmail: env.SUPPORT_EMAIL,
      // The public forms' honeypot (sign-up, waitlist, forgot-password), rendered without JavaScript.
      honeypot: honeypotInputProps(),
    },
    { headers: setCookie ? { "Set-Cookie": setCookie } : undefined },
  );
}

export type RootData = typeof loader;

/** The error page's code: fetched only by a page that shows it (issue 44, the JS budget). */
const RouteError = island("route-error", RouteErrorOnServer, () =>
  import("./components/route-error").then((module) => module.RouteError),
);

export function Layout({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  // Without the root's data (an error before it loaded), the language entry.server rendered in.
  const { i18n } = useTranslation();
  const locale = rootData?.locale ?? i18n.language;
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="i18n-version" content={rootData?.i18nVersion ?? ""} />
        <Meta />
        <InlineStylesheet href={stylesheet} />
        <Links />
      </head>
      <body className="min-h-screen">
        <ContainerQueries href={stylesheet} />
        {children}
        <ScrollRestoration nonce={nonce} />
        <LateScripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: React.ReactNode }) {
  const rootData = useRouteLoaderData<RootData>("root");
  const { t, i18n } = useTranslation();
  const user = rootData?.user ?? null;
  // Admin and driver pages have their own navigation: no residents' bottom bar (nor its room).
  const { pathname } = useLocation();
  const residentBar = Boolean(user) && !isOperatorPath(pathname) && !user?.isDriver;
  // The header and the footer are the same on every page for the same inputs (components/stored-pieces; the
  // server reads theirs from this route's data, services/serving/stored-pieces shellInputs).
  return (
    <>
      <StoredPiece name="head">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
        >
          {t("app.skipToContent")}
        </a>
        <Header
          user={user}
          locale={rootData?.locale ?? i18n.language}
          bell={user ? <NotificationBell notifications={rootData?.notifications ?? []} /> : null}
        />
      </StoredPiece>
      <main id="main" className={`mx-auto max-w-3xl px-4 py-6 narrow:px-3 ${residentBar ? "pb-24 narrow:pb-6" : ""}`}>
        {/* The flash message: at the top of the page's content, in its flow (it covers nothing). */}
        <Toaster toast={rootData?.toast ?? null} />
        {children}
      </main>
      <StoredPiece name="foot">
        <Footer supportEmail={rootData?.supportEmail ?? null} aboveBottomNav={residentBar} />
        {residentBar ? <BottomNav /> : null}
      </StoredPiece>
      <RouteFocus />
    </>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  // Marks the page interactive (browser tests wait for it before typing into JS-driven forms).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "";
  }, []);
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <RouteError />
    </Shell>
  );
}
