import { i18n } from "@lingui/core";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { contractSchemas } from "./api/contract-schemas";
import { App, startApp } from "./app/app";
import { whenFirstScreenReady } from "./app/first-render";
import { closeEarly } from "./boot/early-fetch";
import { warmIntl } from "./boot/warm-intl";
import { errorTextModule } from "./components/error-text";
import { drawInSteps } from "./components/later";
import { applyStoredTheme } from "./app/theme-store";
import { LocaleProvider } from "./i18n/locale-provider";
import { activateLocale, followOtherTabs, startingLocale } from "./i18n/locale-runtime";
import { intlTag, prepareFormatters } from "./lib/format";
import "./app/styles.css";

// The gateway painted <html> in the theme and language its cookies remember
// (src/lib/page-preferences.ts); the stored theme is applied again here, which also hands a
// choice made before the gateway read cookies to it (and covers `npm run dev`, which has no
// gateway in front of the page).
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
const locale = startingLocale();
const localeReady = activateLocale(locale);
// Meanwhile the router starts the page's code, its catalog (in the language chosen just above)
// and its first data (app.tsx), in a task of its own: evaluating the app's modules and starting
// the router are each one long task of a phone's main thread; back to back in one, they held
// it twice as long (issue 15: Lighthouse counts what a task holds it beyond 50 ms).
// `scheduler.yield()` resumes ahead of other tasks already waiting; a timer where it is missing.
const started = (
  typeof scheduler === "object" && typeof scheduler.yield === "function"
    ? scheduler.yield()
    : new Promise<void>((resolve) => {
        setTimeout(resolve, 0);
      })
).then(startApp);
// While those are on their way: the locale data of `Intl`, loaded once, in tasks of their own
// rather than inside the first render of the page's data: in steps (boot/warm-intl.ts), as the
// boot script may not have loaded it yet (a hidden tab, or the app's files in first), then the
// app's formatters.
warmIntl(intlTag(locale), {
  done: () => {
    prepareFormatters(locale);
  },
});
// Drawn once the words and the first screen are in (first-render.ts): until then index.html's
// shell shows what React would have drawn.
void Promise.all([
  localeReady,
  started.then(async (app) => {
    await whenFirstScreenReady(app.router);
    return app;
  }),
]).then(([, app]) => {
  // In steps: the parts of the first screen in a `Later` come each in a task of their own.
  drawInSteps(() => {
    createRoot(container).render(
      <StrictMode>
        <LocaleProvider i18n={i18n}>
          <App app={app} />
        </LocaleProvider>
      </StrictMode>,
    );
  });
  // The first screen has asked for all it needed: answers sent ahead of the app (src/boot) that
  // it did not take are dropped, never to stand in for a request made after this.
  closeEarly();
  // The failure sentences, off the first load's path but ready before any failure shows.
  setTimeout(() => void errorTextModule().catch(() => undefined), 0);
});
