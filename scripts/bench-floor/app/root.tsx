// The bench's floor: a bare Remix 2.17 app (i18next and the Radix toast provider, nothing of its own), served
// by the app's own scripts/server.mjs. Build and start it alone, from the repository root, on port 3600:
//   npx remix build scripts/bench-floor && (cd scripts/bench-floor && PORT=3600 node ../server.mjs build/server/index.js)
// Then GET / is the bare page and GET /api/items the bare resource route (70 small objects, about 6 KB).
import * as ToastPrimitive from "@radix-ui/react-toast";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLoaderData } from "@remix-run/react";
import { useChangeLanguage } from "remix-i18next/react";
import { i18n } from "./i18n.server";

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  return { locale: await i18n.getLocale(request) };
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  return (
    <html lang={locale} dir="ltr">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body>
        <ToastPrimitive.Provider>
          <main>
            <Outlet />
          </main>
          <ToastPrimitive.Viewport />
        </ToastPrimitive.Provider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}
