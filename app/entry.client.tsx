import { RemixBrowser } from "@remix-run/react";
import i18next, { type BackendModule } from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig, localesPath, PRELOADED_NAMESPACES, textsIn } from "./lib/i18n";

// Translations come as cacheable JSON (one language, one namespace at a time), not inside the JS. The
// namespaces asked for in the same moment (a page's own, before hydrating) come by one request: each request
// a page starts costs a few milliseconds of a desktop CPU, and three in one task were 5-9 ms (issue 44).
const version = document.querySelector<HTMLMetaElement>('meta[name="i18n-version"]')?.content ?? "";
type ReadCallback = Parameters<BackendModule["read"]>[2];
const asked = new Map<string, Map<string, ReadCallback[]>>();
function fetchTexts(lng: string) {
  const batch = asked.get(lng);
  asked.delete(lng);
  if (!batch) return;
  const names = [...batch.keys()];
  const answer = (error: Error | null, texts: Record<string, unknown>) => {
    for (const [ns, callbacks] of batch) {
      const data = textsIn(texts, names, ns);
      for (const callback of callbacks) {
        if (error || !data || typeof data !== "object") callback(error ?? new Error(`no texts for ${ns}`), false);
        else callback(null, data as Parameters<ReadCallback>[1]);
      }
    }
  };
  fetch(localesPath(lng, names, version))
    .then((response) => (response.ok ? response.json() : Promise.reject(new Error(String(response.status)))))
    .then(
      (texts: Record<string, unknown>) => answer(null, texts),
      (error: Error) => answer(error, {}),
    );
}
const backend: BackendModule = {
  type: "backend",
  init() {},
  read(lng, ns, callback) {
    let batch = asked.get(lng);
    if (!batch) {
      batch = new Map();
      asked.set(lng, batch);
      queueMicrotask(() => fetchTexts(lng));
    }
    batch.set(ns, [...(batch.get(ns) ?? []), callback]);
  },
};

// The code of the islands the server's HTML holds (components/island) comes before hydrating, so hydration
// never suspends on one. Set by the page's route modules when one has islands.
const islands = window.recircleIslands?.(document);

i18next
  .use(initReactI18next)
  .use(backend)
  // No fallback language in the browser: both languages hold every key (tests/unit/translations.test.ts), and a
  // fallback made an English page fetch each French namespace too before hydrating (issue 11, part 5).
  .init({ ...i18nConfig, fallbackLng: false, lng: document.documentElement.lang, ns: getInitialNamespaces() })
  .then(() => islands)
  .then(() => {
    startTransition(() => {
      hydrateRoot(
        document,
        <I18nextProvider i18n={i18next}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>,
      );
    });
    // The other pages' namespaces, one per idle moment: each request a page starts costs 0.1-2 ms of a
    // desktop CPU (the first up to 10), and eight at once were one task of 5-19 ms (issue 44).
    // Without requestIdleCallback: the first after 2 s, the others a moment apart.
    const idle = (run: () => void, first: boolean) =>
      window.requestIdleCallback ? window.requestIdleCallback(run) : window.setTimeout(run, first ? 2000 : 50);
    const rest = [...PRELOADED_NAMESPACES];
    const next = () => {
      const ns = rest.shift();
      if (ns === undefined) return;
      void i18next.loadNamespaces(ns);
      idle(next, false);
    };
    idle(next, true);
  });
