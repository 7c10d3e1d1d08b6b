import crypto from "node:crypto";
import type { EntryContext, HandleDataRequestFunction } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
// Not renderToPipeableStream: React 18.3's Node writer sends its whole 2,048-byte buffer when a string
// does not fit, the bytes a cut multi-byte character left unwritten going out as NULs (issue 24). Nor the web
// stream writer any more (issue 44): the string renderer builds the document as one string, encoded once
// (services/serving/handoff), so no character is ever cut.
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { StylesheetReaderProvider } from "./components/inline-stylesheet";
import { NonceProvider } from "./components/nonce";
import { PieceStoreProvider } from "./components/stored-pieces";
import { i18nConfig } from "./lib/i18n";
import { resources } from "./locales/resources";
import { getLanguage, i18n } from "~/services/http/language.server";
import { accessLogLine } from "~/services/serving/access-log.server";
import { edgeGuard } from "~/services/http/edge-guard.server";
import { adminNoStore } from "~/services/serving/admin-no-store.server";
import { closingTagsStage } from "~/services/serving/document-end.server";
import { replicaGuard } from "~/services/serving/replica.server";
import { refusedFormRedirect } from "~/services/serving/refused-form.server";
import { throughStages } from "~/services/serving/gathered-stream.server";
import { settleHandoff } from "~/services/serving/handoff.server";
import { pieceRender, shellInputs } from "~/services/serving/stored-pieces.server";
import { acceptsGzip } from "~/services/http/cached-json.server";
import { keptFromNow, renderKey, storedRender, storingStage } from "~/services/serving/render-cache.server";
import { passSocketAddress } from "~/services/http/client-address.server";
import { answerDatabaseFaults } from "~/services/http/database-fault.server";
import { documentSecurityHeaders, personalCacheControl } from "~/services/serving/security-headers.server";
import { rememberTranslations } from "~/services/platform/remembered-translations.server";
import { stylesheetPieces, stylesheetReader } from "~/services/serving/stylesheet.server";
import { gzipStage, splicingStage } from "~/services/serving/document-pieces.server";
import { startBackgroundWork, stopBackgroundWork } from "~/services/ops/startup.server";
import { closeDatabase } from "~/services/platform/db.server";

const ABORT_DELAY = 5_000;

startBackgroundWork();
// A full disk or a locked database answers 503 (http/database-fault.server), not a bare 500: every route's
// loader and action of this very build is guarded, whichever server imported it.
void import(/* @vite-ignore */ import.meta.url).then((build: { routes: Parameters<typeof answerDatabaseFaults>[0] }) =>
  answerDatabaseFaults(build.routes),
);

/**
 * What the server (scripts/server.mjs) takes from the build, the rules staying in app/services: the
 * edge checks before static files and the app (host, malformed path, cross-site, body limit), on a LiteFS
 * replica the writes sent to the primary (409 fly-replay) and the reads waiting for the resident's last write, the
 * socket address for rate limits, the access log's redacted line, and the graceful stop (stop the
 * timers and workers first, close the database once the last request is answered).
 */
export const serverHooks = {
  edgeGuard,
  adminNoStore,
  replicaGuard,
  passSocketAddress,
  accessLogLine,
  stopBackgroundWork,
  closeDatabase,
};

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
      .then(() => rememberTranslations(created));
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
  const back = await refusedFormRedirect(request, responseStatusCode, remixContext, responseHeaders);
  if (back) return back;
  const nonce = crypto.randomBytes(16).toString("base64");
  const lng = await getLanguage(request);
  const instance = await i18nInstance(lng, i18n.getRouteNamespaces(remixContext));

  for (const [name, value] of Object.entries(documentSecurityHeaders(nonce))) {
    responseHeaders.set(name, value);
  }
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  responseHeaders.set("Vary", "Cookie, Accept-Language");
  personalCacheControl(request, responseHeaders);
  // A 503 page (http/database-fault.server) says when to try again, as its thrown answer did.
  if (responseStatusCode === 503) retryAfterOfPage(remixContext, responseHeaders);

  // The same inputs render the same bytes (services/serving/render-cache): a page rendered from the very same
  // loader data twice is answered from its stored bytes afterwards, with this answer's nonce. The loader data's
  // scripts are settled first (services/serving/handoff): the key is made of their text.
  const handoff = await settleHandoff(remixContext);
  const key = renderKey(request, responseStatusCode, remixContext, lng, handoff);
  const gzip = acceptsGzip(request.headers.get("Accept-Encoding"));
  const stored = key === null ? null : storedRender(key, nonce, gzip);
  if (stored) {
    if (gzip) {
      // Already compressed: the server's compression middleware leaves an encoded answer as it is.
      responseHeaders.set("Content-Encoding", "gzip");
      responseHeaders.append("Vary", "Accept-Encoding");
    }
    responseHeaders.set("Content-Length", String(stored.byteLength));
    return new Response(stored, { headers: responseHeaders, status: responseStatusCode });
  }

  // The whole document in one synchronous pass (services/serving/handoff): no page defers anything. A component
  // that throws rejects, as a shell error did. The parts of pages the same for the same inputs (the header, the
  // footer...) are rendered once per input set, then put in as stored markup (serving/stored-pieces).
  const shell = pieceRender(instance.language, request.url, shellInputs(remixContext, request.url));
  const html = shell.splice(
    renderToString(
      <NonceProvider value={nonce}>
        <StylesheetReaderProvider value={stylesheetReader}>
          <PieceStoreProvider value={shell}>
            <I18nextProvider i18n={instance}>
              <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
            </I18nextProvider>
          </PieceStoreProvider>
        </StylesheetReaderProvider>
      </NonceProvider>,
    ),
  );
  // The document is run once through the stages: the closing tags held back until after the streamed data
  // (services/serving/document-end), the stylesheet's marker replaced by its bytes (serving/document-pieces),
  // the page kept for the render cache (from its second render), and gzip made with the stylesheet compressed once; then it goes out
  // in one write, with its length.
  const pieces = stylesheetPieces();
  const stages = [closingTagsStage(), splicingStage(pieces)];
  if (key !== null && keptFromNow(key)) stages.push(storingStage(key, nonce, () => true));
  if (gzip) {
    stages.push(gzipStage(pieces));
    // Already compressed: the server's compression middleware leaves an encoded answer as it is.
    responseHeaders.set("Content-Encoding", "gzip");
    responseHeaders.append("Vary", "Accept-Encoding");
  }
  // The string renderer writes no doctype before <html> (the stream renderer did).
  const document = throughStages(Buffer.from(`<!DOCTYPE html>${html}`, "utf8"), stages);
  responseHeaders.set("Content-Length", String(document.byteLength));
  return new Response(document, { headers: responseHeaders, status: responseStatusCode });
}

function retryAfterOfPage({ staticHandlerContext: c }: EntryContext, headers: Headers) {
  for (const thrown of [...Object.values(c.actionHeaders), ...Object.values(c.loaderHeaders)]) {
    const retryAfter = thrown.get("Retry-After");
    if (retryAfter) headers.set("Retry-After", retryAfter);
  }
}

export const handleDataRequest: HandleDataRequestFunction = (response, { request }) => {
  response.headers.set("X-Content-Type-Options", "nosniff");
  personalCacheControl(request, response.headers);
  return response;
};

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  console.error(error);
}
