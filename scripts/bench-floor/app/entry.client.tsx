// The floor's hydration, as app/entry.client.tsx (its translations bundled: two strings); a copy, so that
// the floor does not change when the app's code does.
import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nConfig, resources } from "./i18n";

void i18next
  .use(initReactI18next)
  .init({ ...i18nConfig, resources, lng: document.documentElement.lang, ns: getInitialNamespaces() })
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
  });
