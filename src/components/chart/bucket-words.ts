import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { BucketUnit } from "@/lib/buckets";
import { withZone } from "@/lib/zone-words";

/**
 * The words of a chart's time buckets, shared by every chart of the app. Whole phrases per
 * unit, not a unit's name pasted into a phrase: Russian changes the word's form ("по дням",
 * "за день"). The zone follows as everywhere in the product (`withZone`).
 */

/** The axis and the table's first column: "Day, MSK (UTC+3)". */
export function bucketAxisLabel(unit: BucketUnit, zone: string, i18n: I18n): string {
  return withZone(bucketName(unit, i18n), zone, i18n);
}

function bucketName(unit: BucketUnit, i18n: I18n): string {
  switch (unit) {
    case "hour":
      return i18n._(msg({ message: "Hour", context: "a chart's time bucket" }));
    case "day":
      return i18n._(msg({ message: "Day", context: "a chart's time bucket" }));
    case "week":
      return i18n._(msg({ message: "Week", context: "a chart's time bucket" }));
    case "month":
      return i18n._(msg({ message: "Month", context: "a chart's time bucket" }));
  }
}

/** A chart table's caption: "New subscribers by day, UTC". */
export function bucketCaption(title: string, unit: BucketUnit, zone: string, i18n: I18n): string {
  return withZone(byUnit(title, unit, i18n), zone, i18n);
}

function byUnit(title: string, unit: BucketUnit, i18n: I18n): string {
  switch (unit) {
    case "hour":
      return i18n._(msg`${title} by hour`);
    case "day":
      return i18n._(msg`${title} by day`);
    case "week":
      return i18n._(msg`${title} by week`);
    case "month":
      return i18n._(msg`${title} by month`);
  }
}
