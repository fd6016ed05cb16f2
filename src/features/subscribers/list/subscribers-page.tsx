import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "@/api/api-context";
import { useCurrentChannel } from "@/components/current-channel";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { useFormat } from "@/i18n/use-format";
import { userIdField } from "@/lib/subscriber-format";
import { ExportButton } from "../export/export-button";
import { userIdLabel } from "../words/user-id-label";
import { subscriptionsQuery } from "@/api/lookup-queries";
import { ColumnChooser } from "./column-chooser";
import { LoadMoreView } from "./load-more-view";
import { PagedView } from "./paged-view";
import { HIDEABLE_COLUMN_IDS, subscriberColumns } from "./subscriber-columns";
import { subscribersSearch } from "./subscribers-search";
import { useColumnVisibility } from "./use-column-visibility";
import { ViewControls } from "./view-controls";
import "./subscribers.css";

const NO_NAMES: ReadonlyMap<number, string> = new Map();

/** subscribers/get as a table: pages by cursor, or one long virtualized list. */
export function SubscribersPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  const channelName = channel.name;
  useDocumentTitle(t`Subscribers · ${channelName}`);
  const { call } = useApi();
  const [search, setSearch] = useSearchState(subscribersSearch);
  const [visibility, setVisibility] = useColumnVisibility(HIDEABLE_COLUMN_IDS);

  // Names are a nicety: while they load, or if they fail, the ids stand in.
  const subscriptions = useQuery(subscriptionsQuery(channel.group_id, call));
  const names = useMemo(
    () =>
      subscriptions.data
        ? new Map(subscriptions.data.map((item) => [item.subscription_id, item.name]))
        : NO_NAMES,
    [subscriptions.data],
  );
  const field = userIdField(channel.type_name);
  const columns = useMemo(
    () =>
      subscriberColumns({
        groupId: channel.group_id,
        userIdField: field,
        userIdLabel: userIdLabel(field, i18n),
        timeZone: channel.time_zone,
        subscriptionNames: names,
        i18n,
        format,
      }),
    // The language is a dependency through `format` (one per locale), and `i18n` is the app's
    // one instance: the headers are made again when the language changes.
    [channel.group_id, channel.time_zone, field, names, i18n, format],
  );
  const table = { columns, visibility, onVisibilityChange: setVisibility };
  const pageSize = Number(search.size);

  return (
    <>
      <h1>
        <Trans>Subscribers</Trans>
      </h1>
      <div className="subscribers-toolbar">
        <ViewControls
          mode={search.mode}
          pageSize={search.size}
          onModeChange={(mode) => {
            setSearch({ mode, after: [] });
          }}
          onPageSizeChange={(size) => {
            // Another page size puts other records on every page: start again from the first.
            setSearch({ size, after: [] });
          }}
        />
        <ColumnChooser visibility={visibility} onChange={setVisibility} />
        <div className="subscribers-export">
          <ExportButton />
        </div>
      </div>
      {subscriptions.isError && (
        <p className="muted subscribers-names-note">
          <Trans>Subscription names could not be loaded, so their ids are shown.</Trans>{" "}
          <button
            type="button"
            className="button"
            disabled={subscriptions.isFetching}
            onClick={() => void subscriptions.refetch()}
          >
            <Trans>Load names again</Trans>
          </button>
        </p>
      )}
      {search.mode === "pages" ? (
        <PagedView
          groupId={channel.group_id}
          pageSize={pageSize}
          stack={search.after}
          onMove={(after) => {
            setSearch({ after }, { push: true });
          }}
          table={table}
        />
      ) : (
        <LoadMoreView groupId={channel.group_id} pageSize={pageSize} table={table} />
      )}
    </>
  );
}
