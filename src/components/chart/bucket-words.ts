import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BucketUnit } from "@/lib/buckets";

/**
 * The words of a chart's time buckets, shared by every chart of the app. Whole sentences per
 * unit, not a unit's name pasted into a sentence: Russian changes the word's form ("по дням",
 * "за день").
 */

/** The axis and the table's first column: "Day (MSK (UTC+3))". */
export function bucketAxisLabel(unit: BucketUnit, zone: string, i18n: I18n): string {
  switch (unit) {
    case "hour":
      return i18n._(msg`Hour (${zone})`);
    case "day":
      return i18n._(msg`Day (${zone})`);
    case "week":
      return i18n._(msg`Week (${zone})`);
    case "month":
      return i18n._(msg`Month (${zone})`);
  }
}

/** A chart table's caption: "New subscribers, by day (UTC)". */
export function bucketCaption(title: string, unit: BucketUnit, zone: string, i18n: I18n): string {
  switch (unit) {
    case "hour":
      return i18n._(msg`${title}, by hour (${zone})`);
    case "day":
      return i18n._(msg`${title}, by day (${zone})`);
    case "week":
      return i18n._(msg`${title}, by week (${zone})`);
    case "month":
      return i18n._(msg`${title}, by month (${zone})`);
  }
}
