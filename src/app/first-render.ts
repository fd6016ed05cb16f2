import { FIRST_SCREEN_WAIT_MS } from "./page-loader";

/** What `whenFirstScreenReady` reads of a data router. */
export interface StartingRouter {
  readonly state: { readonly initialized: boolean };
  subscribe(listener: (state: { readonly initialized: boolean }) => void): () => void;
}

/**
 * The longest the first render waits for the router's first screen: a little more than its
 * loaders wait for their data (page-loader.ts), for the page's code that comes beside them.
 */
export const FIRST_RENDER_WAIT_MS = FIRST_SCREEN_WAIT_MS + 1000;

/**
 * Resolves once the router has its first screen (the route's code and catalog in, its loaders
 * done: the session known and the page's first data in the cache), or after `maxMs`.
 *
 * src/main.tsx renders only then. index.html's shell already shows what React would draw
 * meanwhile (the frame and placeholders), and each render before the page — the frame while
 * the session is checked, then with its links while the page's code comes — cost a phone
 * 100–150 ms of its main thread (issue 15): the page is drawn once, whole, instead.
 */
export function whenFirstScreenReady(
  router: StartingRouter,
  maxMs = FIRST_RENDER_WAIT_MS,
): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      unsubscribe();
      resolve();
    };
    const timer = setTimeout(done, maxMs);
    const unsubscribe = router.subscribe((state) => {
      if (state.initialized) done();
    });
  });
}
