import { i18n } from "@lingui/core";
import { I18nProvider } from "@lingui/react";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { contractSchemas } from "./api/contract-schemas";
import { App, startApp } from "./app/app";
import { errorTextModule } from "./components/error-text";
import { applyStoredTheme } from "./app/theme-store";
import { activateLocale, followOtherTabs, startingLocale } from "./i18n/locale-runtime";
import "./app/styles.css";

// The remembered theme goes on <html> before React renders anything, so a dark choice never
// shows a light page first (the CSP allows no inline script in index.html to do it earlier).
applyStoredTheme();

const container = document.getElementById("root");
if (!container) throw new Error("index.html has no #root element");

followOtherTabs();

// The contract's schemas (zod) are a chunk of their own, outside the entry: fetched now, beside
// the catalog and the first page, as every answer waits for them. A failure here is the first
// call's to report (src/api/client.ts), which asks again.
void contractSchemas().catch(() => undefined);

// The shared catalog of the person's language is its own small chunk: the first render waits
// for it, so no word shows in another language first.
const localeReady = activateLocale(startingLocale());
// Meanwhile the router starts the page's code, its catalog (in the language chosen just above)
// and its first data (app.tsx).
const app = startApp();
void localeReady.then(() => {
  createRoot(container).render(
    <StrictMode>
      <I18nProvider i18n={i18n}>
        <App app={app} />
      </I18nProvider>
    </StrictMode>,
  );
  // The failure sentences, off the first load's path but ready before any failure shows.
  setTimeout(() => void errorTextModule().catch(() => undefined), 0);
});
