import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useInfiniteQuery } from "@tanstack/react-query";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useEffect, useMemo, useRef } from "react";
import { useApi } from "@/api/api-context";
import { ErrorState } from "@/components/error-state";
import type { Subscriber } from "@/contract/entities";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { useFormat } from "@/i18n/use-format";
import { subscribersInfiniteQuery } from "./subscribers-infinite-query";
import { SubscribersTable } from "./subscribers-table";
import { TableSkeleton } from "./table-skeleton";
import { useSubscribersTable, type SubscribersTableOptions } from "./use-subscribers-table";

const NO_ROWS: Subscriber[] = [];
/** A row with a 32 px photo; rows that wrap are measured as they are drawn. */
const ROW_HEIGHT = 49;

interface LoadMoreViewProps {
  groupId: number;
  pageSize: number;
  table: SubscribersTableOptions;
  /** The segment's filters; none: everyone. */
  filters?: SegmentFilters;
  filtered?: boolean;
}

/**
 * Page after page appended to one list. Only the rows in view (and a few around them) are in
 * the document, so ten thousand loaded rows cost no more to draw than twenty.
 */
export function LoadMoreView({
  groupId,
  pageSize,
  table: options,
  filters,
  filtered = false,
}: LoadMoreViewProps) {
  const { t } = useLingui();
  const format = useFormat();
  const { call } = useApi();
  const query = useInfiniteQuery(subscribersInfiniteQuery(groupId, pageSize, call, filters));
  const data = useMemo(
    () => query.data?.pages.flatMap((page) => page.items) ?? NO_ROWS,
    [query.data],
  );
  const table = useSubscribersTable(data, options);
  const rows = table.getRowModel().rows;

  const scrollRef = useRef<HTMLDivElement>(null);
  // The app is not built with the React Compiler, and the virtualizer's answers are read in
  // this render only, so nothing memoized can hold a stale one.
  // eslint-disable-next-line react-hooks/incompatible-library
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 10,
  });
  const items = virtualizer.getVirtualItems();
  const drawn = items.flatMap((item) => {
    const row = rows[item.index];
    return row ? [{ row, index: item.index }] : [];
  });
  const spaceBefore = items[0]?.start ?? 0;
  const spaceAfter = virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0);
  const columnCount = table.getVisibleLeafColumns().length;

  // Scrolled near the end: the next page comes without a click (the button stays for keyboards).
  const lastDrawn = items.at(-1)?.index ?? -1;
  const { hasNextPage, isFetching, isFetchNextPageError, fetchNextPage } = query;
  useEffect(() => {
    if (lastDrawn >= rows.length - 5 && hasNextPage && !isFetching && !isFetchNextPageError) {
      void fetchNextPage();
    }
  }, [lastDrawn, rows.length, hasNextPage, isFetching, isFetchNextPageError, fetchNextPage]);

  if (query.isPending) return <TableSkeleton label={t`Loading the subscribers…`} />;
  if (query.isError && !query.isFetchNextPageError && data.length === 0) {
    return (
      <ErrorState
        title={t`Could not load the subscribers.`}
        error={query.error}
        retrying={query.isFetching}
        onRetry={() => void query.refetch()}
      />
    );
  }

  const count = data.length;
  const loaded = format.number(count);
  return (
    <>
      <p role="status" className="subscribers-status">
        {query.isFetchingNextPage
          ? t`${loaded} loaded, loading more…`
          : count === 0
            ? filtered
              ? t`No one matches these filters.`
              : t`No subscribers yet.`
            : query.hasNextPage
              ? t`${loaded} loaded`
              : t`${plural(count, {
                  one: "All # subscriber loaded",
                  other: "All # subscribers loaded",
                })}`}
      </p>
      {data.length > 0 && (
        <div
          ref={scrollRef}
          className="subscribers-scroll subscribers-scroll-tall"
          role="region"
          aria-label={t`Subscribers, scrolls`}
          tabIndex={0}
        >
          <SubscribersTable
            table={table}
            rows={drawn}
            rowCount={data.length}
            before={spaceBefore > 0 && <Spacer height={spaceBefore} columns={columnCount} />}
            after={spaceAfter > 0 && <Spacer height={spaceAfter} columns={columnCount} />}
            rowRef={virtualizer.measureElement}
          />
        </div>
      )}
      {query.isFetchNextPageError && (
        <ErrorState
          title={t`Could not load more subscribers.`}
          error={query.error}
          retrying={query.isFetchingNextPage}
          onRetry={() => void query.fetchNextPage()}
        />
      )}
      {query.hasNextPage && !query.isFetchNextPageError && (
        <button
          type="button"
          className="button subscribers-load-more"
          disabled={query.isFetchingNextPage}
          onClick={() => void query.fetchNextPage()}
        >
          {query.isFetchingNextPage ? t`Loading more…` : t`Load more`}
        </button>
      )}
    </>
  );
}

/** Stands in for rows not drawn, so the scrollbar has the size of the whole list. */
function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tr className="subscribers-spacer" aria-hidden="true">
      <td colSpan={columns} style={{ height }} />
    </tr>
  );
}
