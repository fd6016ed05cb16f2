/**
 * The first script of the page, beside the app's entry (the build adds it to index.html:
 * vite.config.ts, `bootEntries`). It needs nothing of the app, so it runs as soon as it is in,
 * while the entry (about 75 kB) is still on its way and the main thread has nothing else to
 * do, and starts what the first screen waits for that needs none of the app (issue 15):
 *
 * - the session check, and once it says the person may open the page, the page's first data
 *   when its URL alone tells what that is (first-screen-requests.ts); the app's clients take
 *   these answers instead of asking again (early-fetch.ts);
 * - the locale data of `Intl` for the page's language (the gateway writes it on <html>,
 *   src/lib/page-preferences.ts), once the shell is painted: the first `Intl` object a page
 *   makes loads it, 40–150 ms of a phone's main thread that otherwise comes after the entry,
 *   on the way to the first rows;
 *
 * The contract's schemas are evaluated early by a script of their own (contract.ts here).
 * None of it is needed for correctness: if this script fails or never runs, the app does all
 * of it itself, as in `npm run dev`, which has no such script.
 */
import { sendEarly } from "./early-fetch";
import { earlyRequestsFor, firstScreenRequests, sessionRequest } from "./first-screen-requests";
import { intlTagOf } from "../contract/session-constants";
import { warmIntl } from "./warm-intl";

const screen = firstScreenRequests(location.pathname, new URLSearchParams(location.search));
const session = sendEarly(sessionRequest);
if (screen && session) {
  session
    .then((answer) => (answer.ok ? answer.json() : undefined))
    .then((body: unknown) => {
      for (const request of earlyRequestsFor(body, screen)) void sendEarly(request);
    })
    .catch(() => undefined);
}

// After the first paint, not before it: this script is small and often in before the page's
// first frame, and the locale data would hold index.html's shell off the screen. A hidden tab
// draws no frame: the app then makes the formatters itself.
requestAnimationFrame(() => {
  warmIntl(intlTagOf(document.documentElement.lang || navigator.language));
});
