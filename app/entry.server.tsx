import crypto from "node:crypto";
import { PassThrough } from "node:stream";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { NonceProvider } from "./components/nonce";
import { i18nConfig } from "./lib/i18n";
import { resources } from "./locales/resources";
import { getLanguage, i18n } from "~/services/http/i18n.server";
import { redactAccessLog } from "~/services/http/access-log.server";
import { installEdgeGuards } from "~/services/http/edge-guard.server";
import { exposeSocketAddress } from "~/services/http/client-address.server";
import { hostRefusal } from "~/services/http/trusted-origin.server";
import { documentSecurityHeaders, personalCacheControl } from "~/services/http/security-headers.server";
import { startBackgroundWork } from "~/services/ops/startup.server";

const ABORT_DELAY = 5_000;

startBackgroundWork();
// No reset token in remix-serve's access log.
redactAccessLog();
// Cross-site refusals and broken paths answered in their own shape before remix-serve's routing.
installEdgeGuards();
// Rate limits key on the client's socket address, which remix-serve does not pass on by itself.
exposeSocketAddress();

// Rendering only reads translations, so one i18next instance per language and namespace set is reused.
const instances = new Map<string, Promise<ReturnType<typeof createInstance>>>();
function i18nInstance(lng: string, ns: string[]) {
  const key = `${lng}|${[...ns].sort().join(",")}`;
  let instance = instances.get(key);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18nConfig, lng, ns, resources })
      .then(() => created);
    instances.set(key, instance);
  }
  return instance;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
) {
  // A host the app does not serve gets no page (actions that change anything refused it already).
  const refused = hostRefusal(request);
  if (refused) return refused;
  const nonce = crypto.randomBytes(16).toString("base64");
  const lng = await getLanguage(request);
  const instance = await i18nInstance(lng, i18n.getRouteNamespaces(remixContext));

  for (const [name, value] of Object.entries(documentSecurityHeaders(nonce))) {
    responseHeaders.set(name, value);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Vary", "Cookie, Accept-Language");
  personalCacheControl(request, responseHeaders);

  const waitForAll = isbot(request.headers.get("user-agent") ?? "");

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <I18nextProvider i18n={instance}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </I18nextProvider>
      </NonceProvider>,
      {
        nonce,
        [waitForAll ? "onAllReady" : "onShellReady"]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  const refused = hostRefusal(request);
  if (refused) return refused;
  response.headers.set("X-Content-Type-Options", "nosniff");
  personalCacheControl(request, response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
