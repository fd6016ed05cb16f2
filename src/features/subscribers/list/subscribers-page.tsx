import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useCallback, useMemo } from "react";
import { useLocation, useSearchParams } from "react-router";
import { useApi } from "@/api/api-context";
import { ChunkBoundary } from "@/components/chunk-boundary";
import { useCurrentChannel, useSignedInSession } from "@/components/current-channel";
import { useDocumentTitle } from "@/components/use-document-title";
import { useSearchState } from "@/components/use-search-state";
import { Later } from "@/components/later";
import { mayRunJobs } from "@/contract/job-kinds";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { useFormat } from "@/i18n/use-format";
import { userIdField } from "@/lib/subscriber-format";
import { ExportButton } from "../export/export-button";
import { SegmentActions } from "../segment-actions/segment-actions";
import { userIdLabel } from "../words/user-id-label";
import { subscriptionsQuery } from "@/api/lookup-queries";
import { DirectoryStatusLine } from "../directory/directory-status";
import { useDirectoryStatus } from "../directory/directory-status-query";
import { ColumnChooser } from "./column-chooser";
import { DirectoryControls } from "./directory-controls";
import { API_ONLY_COLUMNS } from "./directory-rows";
import { DirectoryView } from "./directory-view";
import { SourceSwitch } from "./source-switch";
import { PagedView } from "./paged-view";
import {
  HIDEABLE_COLUMN_IDS,
  subscriberColumns,
  SubscriptionNamesContext,
} from "./subscriber-columns";
import { listSource, subscribersSearch } from "./subscribers-search";
import { TableSkeleton } from "./table-skeleton";
import { useShownColumns } from "./use-shown-columns";
import { ViewControls } from "./view-controls";
import { SegmentBuilder } from "../segment/segment-builder";
import { SegmentCount } from "../segment/segment-count";
import {
  hasFilters,
  readSegment,
  unreadSegmentKeys,
  writeSegment,
} from "../segment/segment-search";
import { SegmentContext } from "../segment/use-segment";
import { useSegmentCount } from "../segment/use-segment-count";
import { SavedViews } from "../views/saved-views";
import { useShownView } from "../views/use-shown-view";
import { ViewHeading } from "../views/view-heading";
import "./subscribers.css";
import "../segment/segment.css";

// The endless list (its virtualizer and infinite query, about 10 kB gzip) is not the page's
// usual first screen (pages of the directory or of the API are): fetched when chosen (issue 15).
const LoadMoreView = lazy(() =>
  import("./load-more-view").then((module) => ({ default: module.LoadMoreView })),
);

const NO_NAMES: ReadonlyMap<number, string> = new Map();

/** subscribers/get as a table: pages by cursor, or one long virtualized list. */
export function SubscribersPage() {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const channel = useCurrentChannel();
  useDocumentTitle(t`Subscribers`);
  const { call } = useApi();
  const [search, setSearch] = useSearchState(subscribersSearch);
  const setCols = useCallback(
    (cols: string) => {
      setSearch({ cols });
    },
    [setSearch],
  );
  const [visibility, setVisibility, shownCols] = useShownColumns(
    HIDEABLE_COLUMN_IDS,
    search.cols,
    setCols,
  );
  const { role } = useSignedInSession();
  const shownView = useShownView(channel.group_id, useLocation().search, shownCols);
  const directoryStatus = useDirectoryStatus(channel.group_id);
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => readSegment(params), [params]);
  const unread = useMemo(() => unreadSegmentKeys(params), [params]);
  const filtered = hasFilters(filters);
  const segmentCount = useSegmentCount(channel.group_id, filters);
  const segment = useMemo(
    () => ({ filters, size: segmentCount.size }),
    [filters, segmentCount.size],
  );
  // The segment's size once known (a finished count; the channel's count without filters).
  const knownSize = segmentCount.size?.complete ? segmentCount.size.count : undefined;
  const zone = channel.time_zone;
  const onSegmentChange = useCallback(
    (next: SegmentFilters) => {
      // Another segment is another list: its first page, wherever the list was.
      setParams(
        (current) => {
          const written = writeSegment(current, next, zone);
          written.delete("after");
          written.delete("from");
          return written;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, zone],
  );
  const runsJobs = mayRunJobs(role);

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
  // The user id column's name, in its header and in the columns' menu.
  const idLabel = userIdLabel(field, i18n);
  const columns = useMemo(
    () =>
      subscriberColumns({
        groupId: channel.group_id,
        userIdField: field,
        userIdLabel: idLabel,
        timeZone: channel.time_zone,
        i18n,
        format,
      }),
    // The language is a dependency through `format` (one per locale), and `i18n` is the app's
    // one instance: the headers are made again when the language changes.
    [channel.group_id, channel.time_zone, field, idLabel, i18n, format],
  );
  // The list views are drawn again only when their props change (memo): these stay the same
  // object until what they hold changes.
  const table = useMemo(
    () => ({ columns, visibility, onVisibilityChange: setVisibility }),
    [columns, visibility, setVisibility],
  );
  const onDirectoryMove = useCallback(
    (from: string[]) => {
      setSearch({ from }, { push: true });
    },
    [setSearch],
  );
  const onPageMove = useCallback(
    (after: string[]) => {
      setSearch({ after }, { push: true });
    },
    [setSearch],
  );
  const pageSize = Number(search.size);
  const directoryState = directoryStatus.data?.state;
  // The directory holds names and dates, not the API's filters: a segment reads the API's pages.
  const source = field && !filtered ? listSource(search.source, directoryState) : "api";
  const fromDirectory = source === "directory" && field !== undefined;
  // Until the status answers, "auto" cannot know its source: drawing the API's rows meanwhile
  // would show one list, then swap it for the directory's under the pointer (and ask for a
  // page that is thrown away). A failed status (no directory) settles it: the API's pages.
  const sourceUnknown =
    field !== undefined && !filtered && search.source !== "api" && directoryStatus.isPending;
  const onFilterChange = useCallback(
    (q: string) => {
      // Another filter is another list: start again from its first page.
      setSearch({ q, from: [] });
    },
    [setSearch],
  );
  const q = search.q.trim();
  // What the table's place says while the list is not there yet, whichever part waits.
  const loadingList = t`Loading the subscribers…`;

  return (
    <SegmentContext value={segment}>
      <h1>
        <Trans>Subscribers</Trans>
      </h1>
      <ViewHeading view={shownView.view} />
      {directoryStatus.data && (
        <DirectoryStatusLine
          groupId={channel.group_id}
          status={directoryStatus.data}
          admin={role === "admin"}
        />
      )}
      <SegmentBuilder
        groupId={channel.group_id}
        timeZone={channel.time_zone}
        userIdField={field}
        filters={filters}
        unread={unread}
        onChange={onSegmentChange}
      />
      {/* The segment and what to do with it; below, how the list is shown. */}
      <div
        className={
          filtered
            ? "subscribers-segment-bar subscribers-segment-bar-filtered"
            : "subscribers-segment-bar"
        }
      >
        <SegmentCount count={segmentCount} />
        <div className="subscribers-segment-actions">
          <SavedViews
            groupId={channel.group_id}
            shown={shownView.shown}
            currentId={shownView.view?.view_id}
            admin={role === "admin"}
          />
          <div className="subscribers-export">
            <ExportButton filters={filtered ? filters : undefined} size={knownSize} />
            {runsJobs && (
              <SegmentActions
                filters={filters}
                size={knownSize}
                onCount={filtered ? segmentCount.start : undefined}
                counting={
                  segmentCount.run.state === "counting" ? segmentCount.run.counted : undefined
                }
              />
            )}
          </div>
        </div>
      </div>
      <div className="subscribers-toolbar">
        {directoryStatus.data && field && !filtered && (
          <SourceSwitch
            source={source}
            directoryReady={directoryState === "ready"}
            onChange={(next) => {
              setSearch({ source: next, after: [], from: [] });
            }}
          />
        )}
        <ViewControls
          showMode={!fromDirectory && !sourceUnknown}
          mode={search.mode}
          pageSize={search.size}
          onModeChange={(mode) => {
            setSearch({ mode, after: [] });
          }}
          onPageSizeChange={(size) => {
            // Another page size puts other records on every page: start again from the first.
            setSearch({ size, after: [], from: [] });
          }}
        />
        {fromDirectory && (
          <DirectoryControls
            order={search.order}
            q={search.q}
            onOrderChange={(order) => {
              setSearch({ order, from: [] });
            }}
            onFilterChange={onFilterChange}
          />
        )}
        <ColumnChooser
          visibility={visibility}
          onChange={setVisibility}
          unavailable={fromDirectory ? API_ONLY_COLUMNS : []}
          userIdLabel={idLabel}
        />
      </div>
      {/* The filter is the directory's (its box shows only with its list): kept in the URL for
          when the list is the directory's again, but said, never dropped silently. */}
      {!fromDirectory && !sourceUnknown && q !== "" && (
        <p className="muted subscribers-names-note">
          {filtered ? (
            <Trans>
              The filter “{q}” works on the directory's list only: this segment shows everyone in
              it.
            </Trans>
          ) : (
            <Trans>
              The filter “{q}” works on the directory's list only: the list from the API shows
              everyone.
            </Trans>
          )}{" "}
          <button
            type="button"
            className="button"
            onClick={() => {
              onFilterChange("");
              // The button goes with its note: the focus goes to the page, not to nowhere.
              document.getElementById("main")?.focus({ preventScroll: true });
            }}
          >
            <Trans>Remove this filter</Trans>
          </button>
        </p>
      )}
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
      <SubscriptionNamesContext value={names}>
        <Later fallback={<TableSkeleton label={loadingList} />}>
          {sourceUnknown ? (
            <TableSkeleton label={loadingList} />
          ) : fromDirectory ? (
            <DirectoryView
              groupId={channel.group_id}
              field={field}
              pageSize={pageSize}
              order={search.order}
              q={search.q}
              stack={search.from}
              onMove={onDirectoryMove}
              table={table}
            />
          ) : search.mode === "pages" ? (
            <PagedView
              groupId={channel.group_id}
              pageSize={pageSize}
              stack={search.after}
              onMove={onPageMove}
              table={table}
              filters={filters}
              filtered={filtered}
            />
          ) : (
            <ChunkBoundary what={t`The list could not be loaded.`}>
              <Suspense fallback={<TableSkeleton label={loadingList} />}>
                <LoadMoreView
                  groupId={channel.group_id}
                  pageSize={pageSize}
                  table={table}
                  filters={filters}
                  filtered={filtered}
                />
              </Suspense>
            </ChunkBoundary>
          )}
        </Later>
      </SubscriptionNamesContext>
    </SegmentContext>
  );
}
