import type { ComponentType } from "react";

type PinnedViewsComponent = ComponentType<{ groupId: number }>;

let loading: Promise<{ default: PinnedViewsComponent }> | undefined;
let loaded: PinnedViewsComponent | undefined;

/**
 * The pinned saved views' chunk, fetched once: by the route's loader with the page's first
 * data (src/app/page-loader.ts), so that the navigation has it at its first render and its
 * links do not come later and move what is under them; else by the navigation itself. If it
 * cannot be fetched, the navigation stays as it is.
 */
export function loadPinnedViews(): Promise<{ default: PinnedViewsComponent }> {
  loading ??= import("./pinned-views")
    .then((module) => {
      loaded = module.PinnedViews;
      return { default: module.PinnedViews };
    })
    .catch(() => ({ default: () => null }));
  return loading;
}

/** The component once its chunk has come, to draw without a suspended first render. */
export function loadedPinnedViews(): PinnedViewsComponent | undefined {
  return loaded;
}
