import { useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { memo, useMemo } from "react";
import { useApi } from "@/api/api-context";
import { ErrorState } from "@/components/error-state";
import { ListPager } from "@/components/list-pager";
import { useFormat } from "@/i18n/use-format";
import type { UserIdField } from "@/lib/subscriber-format";
import { useNow } from "../directory/use-now";
import { API_ONLY_COLUMNS, directoryRow } from "./directory-rows";
import { directoryListParams, directoryPeopleQuery } from "./list-queries";
import type { DirectoryOrder } from "./subscribers-search";
import { SubscribersTable } from "./subscribers-table";
import { TableSkeleton } from "./table-skeleton";
import { useSubscribersTable, type SubscribersTableOptions } from "./use-subscribers-table";

interface DirectoryViewProps {
  groupId: number;
  field: UserIdField;
  pageSize: number;
  order: DirectoryOrder;
  q: string;
  /** The directory's cursors of the pages behind this one (from the URL). */
  stack: string[];
  onMove: (stack: string[]) => void;
  table: SubscribersTableOptions;
}

/**
 * The subscribers from the gateway's directory: a total, an order and a name filter. Drawn
 * again only when its own props change, not at each answer the page above gets (the channel's
 * count, the saved views): its twenty rows are most of the page's work (issue 15).
 */
export const DirectoryView = memo(function DirectoryView({
  groupId,
  field,
  pageSize,
  order,
  q,
  stack,
  onMove,
  table: options,
}: DirectoryViewProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const now = useNow();
  const { directory } = useApi();
  const params = directoryListParams(order, q, pageSize, stack, i18n.locale);
  const query = useQuery(directoryPeopleQuery(groupId, params, directory));
  const rowsData = useMemo(
    () => (query.data?.items ?? []).map((person) => directoryRow(person, field)),
    [query.data, field],
  );
  const visibility = useMemo(
    () => ({
      ...options.visibility,
      ...Object.fromEntries(API_ONLY_COLUMNS.map((id) => [id, false])),
    }),
    [options.visibility],
  );
  const table = useSubscribersTable(rowsData, { ...options, visibility });
  const rows = table.getRowModel().rows;
  const drawn = useMemo(() => rows.map((row, index) => ({ row, index })), [rows]);
  const loading = query.isPlaceholderData;
  const next = query.data && !loading ? query.data.next_cursor : null;

  const pager = (
    <ListPager
      label={t`Pages of subscribers`}
      page={stack.length + 1}
      canGoBack={stack.length > 0}
      canGoForward={next !== null}
      onFirst={() => {
        onMove([]);
      }}
      onPrevious={() => {
        onMove(stack.slice(0, -1));
      }}
      onNext={() => {
        if (next !== null) onMove([...stack, next]);
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
  if (query.isError && query.data === undefined) {
    return (
      <>
        {pager}
        <ErrorState
          title={t`Could not load the subscribers from the directory.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  const data = query.data;
  const page = stack.length + 1;
  const first = format.number((page - 1) * pageSize + 1);
  const last = format.number((page - 1) * pageSize + data.items.length);
  const total = format.number(data.total);
  const updatedAt = data.directory.updated_at;
  const when = updatedAt === null ? null : format.ago(Date.parse(updatedAt), now);
  const pageText = format.number(page);
  const range = loading
    ? t`Loading page ${pageText}…`
    : data.items.length === 0
      ? q === ""
        ? t`No subscribers in the directory.`
        : t`No one in the directory matches this filter.`
      : data.total_exact
        ? t`Rows ${first}–${last} of ${total}`
        : t`Rows ${first}–${last} of at least ${total}`;
  return (
    <>
      {pager}
      <p role="status" className="subscribers-status">
        {range}
        {when !== null && (
          <span className="muted"> · {t`from the directory, updated ${when}`}</span>
        )}
      </p>
      {data.items.length > 0 && (
        <div
          className={loading ? "subscribers-scroll subscribers-stale" : "subscribers-scroll"}
          role="region"
          aria-label={t`Subscribers, scrolls sideways`}
          tabIndex={0}
        >
          <SubscribersTable
            table={table}
            rows={drawn}
            rowCount={data.items.length}
            busy={loading}
          />
        </div>
      )}
    </>
  );
});
