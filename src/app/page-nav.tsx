import { useLingui } from "@lingui/react";
import { lazy, Suspense } from "react";
import { Link, useLocation } from "react-router";
import { mayCall, type Role } from "@/contract/roles";
import { isCurrentPage, visiblePages } from "@/lib/nav";
import { pages } from "./pages";
import { loadedPinnedViews, loadPinnedViews } from "./pinned-views-chunk";

// The pinned saved views: a chunk of their own, out of the first load, that the navigation
// never waits for. The route's loader fetches it with the page's data, and then it is drawn
// with the navigation's first render, without a suspended one.
const LazyPinnedViews = lazy(loadPinnedViews);

/** Links to the pages of the current channel that the role may use. */
export function PageNav({ role, groupId }: { role: Role; groupId: number | undefined }) {
  const { i18n } = useLingui();
  const { pathname } = useLocation();
  if (groupId === undefined) return <ul />;
  // Once the chunk is in, the loaded component, not the lazy one: a navigation that was drawn
  // with the lazy one mounts the list once more then, which keeps no state of its own.
  const PinnedViews = loadedPinnedViews() ?? LazyPinnedViews;
  return (
    <ul>
      {visiblePages(
        pages.filter((page) => page.inNav !== false),
        role,
      ).map((page) => (
        <li key={page.id}>
          <Link
            to={page.path(groupId)}
            aria-current={isCurrentPage(pathname, page.path(groupId)) ? "page" : undefined}
          >
            {i18n._(page.label)}
          </Link>
          {page.id === "subscribers" && mayCall(role, "subscribers/get") && (
            <Suspense fallback={null}>
              <PinnedViews groupId={groupId} />
            </Suspense>
          )}
        </li>
      ))}
    </ul>
  );
}
