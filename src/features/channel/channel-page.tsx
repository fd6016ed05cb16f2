import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { useCurrentChannel } from "@/components/current-channel";
import { ErrorState } from "@/components/error-state";
import { useDocumentTitle } from "@/components/use-document-title";
import { Later } from "@/components/later";
import { ChannelCard, ChannelCardSkeleton } from "./channel-card";
import { ChannelActivity } from "./activity-chart";
import { ChannelFigures } from "./channel-figures";

export function ChannelPage() {
  const { t } = useLingui();
  const channel = useCurrentChannel();
  useDocumentTitle(channel.name);
  const { call } = useApi();
  const query = useQuery(apiQuery(channel.group_id, "groups/get", {}, call));

  return (
    <>
      <h1>
        <Trans>Channel</Trans>
      </h1>
      {query.isPending ? (
        <ChannelCardSkeleton />
      ) : query.isError ? (
        <ErrorState
          title={t`Could not load the channel.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <ChannelCard channel={query.data.item} timeZone={channel.time_zone} />
      )}
      {/* Each in a task of its own on a first load (Later); below the card, nothing after them
          to push down meanwhile. */}
      <Later>
        <ChannelFigures />
        <Later>
          <ChannelActivity />
        </Later>
      </Later>
    </>
  );
}
