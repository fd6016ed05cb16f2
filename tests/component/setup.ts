import { i18n } from "@lingui/core";
import { cleanup, configure } from "@testing-library/react";
import { options } from "preact";
import { afterEach, beforeEach } from "vitest";
import { contractSchemas } from "../../src/api/contract-schemas";
import { installContractTexts } from "../../src/i18n/contract-texts";
// The language runtime, as the entry starts it: code loaded with its catalogs
// (src/i18n/with-catalogs.ts) loads them through it.
import "../../src/i18n/locale-runtime";
import { sharedCatalogs } from "../support/i18n";

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => {
  cleanup();
  // Drafts of forms live in sessionStorage (src/lib/drafts.ts): one test's typing must not
  // come back in the next test's form.
  sessionStorage.clear();
});

// The app runs on Preact (vite.config.ts, preactForReact), which runs effects after the next
// frame the browser draws. jsdom draws none (Preact then waits for a timer); here they run as
// soon as the render's task is over, as React's do.
options.requestAnimationFrame = (callback) => {
  setTimeout(callback, 0);
};

// Pages are lazy chunks that vitest transforms on first use: on a busy machine that alone can
// take longer than Testing Library's default second.
configure({ asyncUtilTimeout: 5000 });

// The client loads the contract's schemas (zod) lazily, as the app does after its entry: loaded
// here once, their first transform does not eat into the time limit of whichever test calls
// the API first.
await contractSchemas();

// The app's one Lingui instance, in English unless a test switches it: tests read English words.
i18n.load(sharedCatalogs);
installContractTexts();
beforeEach(() => {
  i18n.activate("en");
  document.documentElement.lang = "en";
});

// jsdom has no layout and only complains about window.scrollTo (the shell scrolls a new page to
// its top, src/app/layout.tsx): a quiet no-op, as there is nothing to scroll.
window.scrollTo = () => undefined;
