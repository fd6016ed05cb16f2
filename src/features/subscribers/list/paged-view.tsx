import { useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { memo, useMemo } from "react";
import { useApi } from "@/api/api-context";
import { ErrorState } from "@/components/error-state";
import type { Subscriber } from "@/contract/entities";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { useFormat } from "@/i18n/use-format";
import { currentCursor, pageNumber, popCursor, pushCursor } from "@/lib/cursor-stack";
import { ListPager } from "@/components/list-pager";
import { subscribersPageQuery } from "./subscribers-page-query";
import { SubscribersTable } from "./subscribers-table";
import { TableSkeleton } from "./table-skeleton";
import { useSubscribersTable, type SubscribersTableOptions } from "./use-subscribers-table";

const NO_ROWS: Subscriber[] = [];

interface PagedViewProps {
  groupId: number;
  pageSize: number;
  /** The cursors of the pages behind this one (from the URL). */
  stack: string[];
  /** A move through the pages: a new history entry, so Back goes back a page. */
  onMove: (stack: string[]) => void;
  table: SubscribersTableOptions;
  /** The segment's filters; none: everyone. */
  filters?: SegmentFilters;
  filtered?: boolean;
}

/** One page at a time; the page on screen stays while the next one loads. */
export const PagedView = memo(function PagedView({
  groupId,
  pageSize,
  stack,
  onMove,
  table: options,
  filters,
  filtered = false,
}: PagedViewProps) {
  const { t } = useLingui();
  const format = useFormat();
  const { call } = useApi();
  const cursor = currentCursor(stack);
  const query = useQuery({
    ...subscribersPageQuery(groupId, pageSize, cursor, call, filters),
    placeholderData: keepPreviousData,
  });
  const data = query.data?.items ?? NO_ROWS;
  const table = useSubscribersTable(data, options);
  const rows = table.getRowModel().rows;
  const drawn = useMemo(() => rows.map((row, index) => ({ row, index })), [rows]);

  const page = pageNumber(stack);
  const loading = query.isPlaceholderData;
  const next =
    query.data && !loading
      ? pushCursor(stack, query.data.offset_id, query.data.items.length, pageSize)
      : undefined;

  const pager = (
    <ListPager
      label={t`Pages of subscribers`}
      page={page}
      canGoBack={stack.length > 0}
      canGoForward={next !== undefined}
      onFirst={() => {
        onMove([]);
      }}
      onPrevious={() => {
        onMove(popCursor(stack));
      }}
      onNext={() => {
        if (next) onMove(next);
      }}
    />
  );

  if (query.isPending) {
    return (
      <>
        {pager}
        <TableSkeleton label={t`Loading the subscribers…`} />
      </>
    );
  }
  // A failed refetch in the background keeps the page that is on screen.
  if (query.isError && query.data === undefined) {
    return (
      <>
        {pager}
        <ErrorState
          title={t`Could not load the subscribers.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  const pageText = format.number(page);
  const first = format.number((page - 1) * pageSize + 1);
  const last = format.number((page - 1) * pageSize + data.length);
  return (
    <>
      {pager}
      <p role="status" className="subscribers-status">
        {loading
          ? t`Loading page ${pageText}…`
          : data.length === 0
            ? page === 1
              ? filtered
                ? t`No one matches these filters.`
                : t`No subscribers yet.`
              : t`No more subscribers after the previous page.`
            : t`Rows ${first}–${last}`}
      </p>
      {data.length > 0 && (
        <div
          className={loading ? "subscribers-scroll subscribers-stale" : "subscribers-scroll"}
          role="region"
          aria-label={t`Subscribers, scrolls sideways`}
          tabIndex={0}
        >
          <SubscribersTable table={table} rows={drawn} rowCount={data.length} busy={loading} />
        </div>
      )}
    </>
  );
});
