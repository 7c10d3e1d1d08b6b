// The floor's document render, as app/entry.server.tsx without the app's own work (no nonce, no security
// headers): one cached i18next instance per language and namespace set, React's web stream writer. A copy,
// not an import from app/: the floor is the fixed reference, it must not change when the app's code does.
import type { EntryContext } from "@remix-run/node";
import type { IncomingMessage, ServerResponse } from "node:http";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import { renderToReadableStream } from "react-dom/server.browser";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { i18nConfig, resources } from "./i18n";
import { i18n } from "./i18n.server";

const ABORT_DELAY = 5_000;

type Tokens = Record<string, (req: IncomingMessage, res: ServerResponse, field?: string) => string | undefined>;

/** What scripts/server.mjs takes from a build: here nothing of the app's (no edge checks, no database). */
export const serverHooks = {
  edgeGuard: (_req: unknown, _res: unknown, next: () => void) => next(),
  // scripts/server.mjs also mounts these two (issues 32 and 37); the bare page has nothing for them to do.
  adminNoStore: (_req: unknown, _res: unknown, next: () => void) => next(),
  replicaGuard: (_req: unknown, _res: unknown, next: () => void) => next(),
  passSocketAddress: () => {},
  // The bare app's resource route is answered by Remix's request handler, as in any Remix app: scripts/server.mjs's
  // direct answers (scripts/direct-loaders.mjs) are the app's own work on its API's fixed paths, which the API
  // lines measure against what the framework costs (issue 44).
  directLoaders: false,
  /** morgan's "tiny" line, as the app logs it. */
  accessLogLine: (tokens: Tokens, req: IncomingMessage & { originalUrl?: string }, res: ServerResponse) =>
    `${tokens.method(req, res)} ${req.originalUrl || req.url} ${tokens.status(req, res) ?? "-"} ${tokens.res(req, res, "content-length") ?? "-"} - ${tokens["response-time"](req, res) ?? "-"} ms`,
  stopBackgroundWork: () => {},
  closeDatabase: () => {},
};

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
  const lng = await i18n.getLocale(request);
  const instance = await i18nInstance(lng, i18n.getRouteNamespaces(remixContext));
  // The timer is cleared once everything has rendered (an abort after that makes React close its closed
  // stream again), as the app's entry.server does.
  const abort = new AbortController();
  const timer = setTimeout(() => abort.abort(), ABORT_DELAY);
  const body = await renderToReadableStream(
    <I18nextProvider i18n={instance}>
      <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} />
    </I18nextProvider>,
    {
      signal: abort.signal,
      onError(error: unknown) {
        responseStatusCode = 500;
        console.error(error);
      },
    },
  );
  const settled = () => clearTimeout(timer);
  body.allReady.then(settled, settled);
  if (isbot(request.headers.get("user-agent") ?? "")) await body.allReady;
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { headers: responseHeaders, status: responseStatusCode });
}
