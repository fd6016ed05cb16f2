import { Trans, useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useApi } from "@/api/api-context";
import { apiQuery } from "@/api/queries";
import { ErrorState } from "@/components/error-state";
import { ListPager } from "@/components/list-pager";
import type { DeliveryRecord } from "@/contract/entities";
import { useFormat } from "@/i18n/use-format";
import { currentCursor, pageNumber, popCursor, pushCursor } from "@/lib/cursor-stack";
import type { DeliveryNames } from "@/lib/delivery-format";
import type { ZoneLabel } from "@/lib/format";
import type { UserIdField } from "@/lib/subscriber-format";
import type { DeliveryParams } from "./delivery-params";
import { RecordsTable } from "./records-table";

const NO_RECORDS: DeliveryRecord[] = [];

interface RecordsViewProps {
  groupId: number;
  params: DeliveryParams;
  pageSize: number;
  stack: string[];
  onMove: (stack: string[]) => void;
  names: DeliveryNames;
  userIdField: UserIdField | undefined;
  timeZone: string;
  zone: ZoneLabel;
}

/** deliveries/stat a page at a time by its `offset_id` cursor; the page on screen stays while the next loads. */
export function RecordsView({
  groupId,
  params,
  pageSize,
  stack,
  onMove,
  names,
  userIdField,
  timeZone,
  zone,
}: RecordsViewProps) {
  const { t } = useLingui();
  const format = useFormat();
  const { call } = useApi();
  const cursor = currentCursor(stack);
  const query = useQuery({
    ...apiQuery(
      groupId,
      "deliveries/stat",
      { ...params, count: pageSize, ...(cursor === undefined ? {} : { offset_id: cursor }) },
      call,
    ),
    placeholderData: keepPreviousData,
  });
  const records = query.data?.items ?? NO_RECORDS;
  const page = pageNumber(stack);
  const loading = query.isPlaceholderData;
  const next =
    query.data && !loading
      ? pushCursor(stack, query.data.offset_id ?? "", query.data.items.length, pageSize)
      : undefined;

  const pager = (
    <ListPager
      label={t`Pages of delivery records`}
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
        <p role="status" className="data-table-status">
          <Trans>Loading delivery records…</Trans>
        </p>
      </>
    );
  }
  if (query.isError && query.data === undefined) {
    return (
      <>
        {pager}
        <ErrorState
          title={t`Could not load the delivery records.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
      </>
    );
  }
  const first = (page - 1) * pageSize + 1;
  const from = format.number(first);
  const to = format.number(first + records.length - 1);
  const pageText = format.number(page);
  return (
    <>
      {pager}
      <p role="status" className="data-table-status">
        {loading
          ? t`Loading page ${pageText}…`
          : records.length === 0
            ? page === 1
              ? t`No delivery records in this period.`
              : t`No more records after the previous page.`
            : t`Records ${from}–${to}`}
      </p>
      {records.length > 0 && (
        <div
          className={loading ? "data-table-scroll data-table-stale" : "data-table-scroll"}
          role="region"
          aria-label={t`Delivery records, scrolls sideways`}
          tabIndex={0}
        >
          <RecordsTable
            records={records}
            names={names}
            userIdField={userIdField}
            timeZone={timeZone}
            zone={zone}
            firstIndex={first - 1}
            busy={loading}
          />
        </div>
      )}
    </>
  );
}
