import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useMemo } from "react";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { ErrorState } from "@/components/error-state";
import type { Subscriber } from "@/contract/entities";
import { currentCursor, pageNumber, popCursor, pushCursor } from "@/lib/cursor-stack";
import { ListPager } from "@/components/list-pager";
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
}

/** One page at a time; the page on screen stays while the next one loads. */
export function PagedView({ groupId, pageSize, stack, onMove, table: options }: PagedViewProps) {
  const { call } = useApi();
  const cursor = currentCursor(stack);
  const query = useQuery({
    ...apiQuery(
      groupId,
      "subscribers/get",
      { count: pageSize, ...(cursor === undefined ? {} : { offset_id: cursor }) },
      call,
    ),
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
      label="Pages of subscribers"
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
        <TableSkeleton what="subscribers" />
      </>
    );
  }
  // A failed refetch in the background keeps the page that is on screen.
  if (query.isError && query.data === undefined) {
    return (
      <>
        {pager}
        <ErrorState
          title="Could not load the subscribers."
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  const first = (page - 1) * pageSize + 1;
  return (
    <>
      {pager}
      <p role="status" className="subscribers-status">
        {loading
          ? `Loading page ${String(page)}…`
          : data.length === 0
            ? page === 1
              ? "No subscribers yet."
              : "No more subscribers after the previous page."
            : `Rows ${first.toLocaleString("en")}–${(first + data.length - 1).toLocaleString("en")}`}
      </p>
      {data.length > 0 && (
        <div
          className={loading ? "subscribers-scroll subscribers-stale" : "subscribers-scroll"}
          role="region"
          aria-label="Subscribers, scrolls sideways"
          tabIndex={0}
        >
          <SubscribersTable table={table} rows={drawn} rowCount={data.length} busy={loading} />
        </div>
      )}
    </>
  );
}
