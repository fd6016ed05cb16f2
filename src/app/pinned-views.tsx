import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { Link, useLocation } from "react-router";
import { useApi } from "@/api/api-context";
import { viewsQuery } from "@/api/views/view-queries";
import { sameViewSearch } from "@/contract/view-search";
import { channelPath } from "@/lib/channel-path";
import { subscribersViewPath } from "@/lib/view-path";
import "./pinned-views.css";

/**
 * The saved views a person pinned, under Subscribers in the navigation, each a link that opens
 * the list it keeps (the one shown marked). A chunk of its own: the navigation never waits for
 * it, and while the views load, or if they fail, it is simply as it was.
 */
export function PinnedViews({ groupId }: { groupId: number }) {
  const { t } = useLingui();
  const { gateway } = useApi();
  const { pathname, search } = useLocation();
  const views = useQuery({ ...viewsQuery(groupId, gateway), retry: false });
  const pinned = views.data?.filter((view) => view.pinned) ?? [];
  if (pinned.length === 0) return null;
  const onList = pathname === channelPath(groupId, "subscribers");
  return (
    <ul className="pinned-views" aria-label={t`Pinned views`}>
      {pinned.map((view) => (
        <li key={view.view_id}>
          <Link
            to={subscribersViewPath(groupId, view.search)}
            aria-current={onList && sameViewSearch(search, view.search) ? "page" : undefined}
          >
            {view.name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
