import { comparedPeriod, type CompareMode } from "@/lib/compare-periods";
import type { BucketUnit } from "@/lib/buckets";
import type { ResolvedPeriod } from "@/lib/period";
import {
  useSubscriptionSeries,
  type SeriesFilters,
  type SubscriptionSeries,
} from "./subscription-series";

interface ComparedSeriesInput {
  groupId: number;
  period: ResolvedPeriod;
  mode: CompareMode;
  /** The current chart's unit, so that bucket i of both periods is the same kind of step. */
  unit: BucketUnit;
  filters?: SeriesFilters;
  canPage?: boolean;
  /** As the chart's own series: false keeps the pages or buckets for later. */
  readBuckets?: boolean;
}

export interface ComparedSeries {
  period: ResolvedPeriod;
  data: SubscriptionSeries;
}

/**
 * The series of the period a chart is compared with (the period before, or a year before),
 * planned exactly as the chart's own (one statCount, then pages or buckets, whichever is
 * fewer), so the call bound holds for it too. Nothing is called when there is no comparison.
 */
export function useComparedSeries(input: ComparedSeriesInput): ComparedSeries | undefined {
  const { groupId, period, mode, unit, filters, canPage, readBuckets } = input;
  const compared = comparedPeriod(period, mode);
  const data = useSubscriptionSeries({
    groupId,
    timeZone: period.timeZone,
    // Any period while none is compared: disabled, so it is never asked for.
    from: compared?.from ?? period.from,
    to: compared?.to ?? period.to,
    unit,
    ...(filters ? { filters } : {}),
    ...(canPage === undefined ? {} : { canPage }),
    ...(readBuckets === undefined ? {} : { readBuckets }),
    enabled: compared !== undefined,
  });
  return compared ? { period: compared, data } : undefined;
}
