/**
 * The period picker of the statistics pages.
 *
 * API (stable — the subscriptions, deliveries and UTM pages share it):
 *
 *   import { PeriodPicker, usePeriodSearch } from "@/components/period-picker";
 *
 *   const { choice, period, now, setChoice } = usePeriodSearch();   // fallback preset "30d"
 *   <PeriodPicker choice={choice} period={period} now={now} onChange={setChoice} />
 *   // then ask the API with period.dateFrom / period.dateTo (the channel's zone), or
 *   // { from: period.from, to: period.to } (ms, both inclusive) for buckets and charts.
 *
 * - `usePeriodSearch(fallback?)` reads and writes the URL key `period` (`?period=7d`,
 *   `?period=2026-11-01..2026-11-15`; the fallback is left out of the URL), resolves it in the
 *   current channel's time zone against the moment the page opened, and keeps every other key
 *   of the URL. `setChoice(choice, { reset: ["offset"] })` also deletes other keys in the same
 *   navigation (a table's page, which must go back to the start for a new period).
 * - `ResolvedPeriod` (src/lib/period.ts): `from`/`to` (ms, inclusive), `dateFrom`/`dateTo`
 *   (API date-times), `firstDay`/`lastDay` (`YYYY-MM-DD`), `timeZone`, `name`, `choice`.
 *   Pure helpers there: `resolvePeriod`, `formatPeriodDays`, `periodToText`/`periodFromText`,
 *   `readPeriodParam`/`writePeriodParam`; the presets' names are `presetLabel` here.
 * - Presets: today, 7, 30 and 90 days (today included), this month and this year (to today),
 *   the previous month; and a custom range of whole days, checked in a small form (no end
 *   after today, no start before 2000, at most 10 years).
 * - Keyboard: the presets are one radio group (Tab in, arrows move and choose); "Custom range"
 *   opens two date fields and Apply. The chosen days and the zone are always written out, and
 *   announced when they change.
 */
import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, useId, useState } from "react";
import { useFormat } from "@/i18n/use-format";
import {
  dayOf,
  periodPresets,
  periodToText,
  type PeriodChoice,
  type PeriodPreset,
  type ResolvedPeriod,
} from "@/lib/period";
import { withZone } from "@/lib/zone-words";
import "./period-picker.css";
import { withCatalogs } from "@/i18n/with-catalogs";

// The custom range's form (react-hook-form and zod, about 15 kB gzip) is fetched when it is
// first opened, not with the statistics pages: their first load shows the presets (issue 15).
const CustomRangeForm = lazy(() =>
  withCatalogs("forms", () => import("./custom-range-form")).then((module) => ({
    default: module.CustomRangeForm,
  })),
);

const presetLabels: Record<PeriodPreset, MessageDescriptor> = {
  today: msg`Today`,
  "7d": msg`7 days`,
  "30d": msg`30 days`,
  "90d": msg`90 days`,
  "this-month": msg`This month`,
  "previous-month": msg`Previous month`,
  "this-year": msg`This year`,
};

/** A preset's name ("30 days"), or "Custom range", in the language of `i18n`. */
export function presetLabel(preset: PeriodPreset | "custom", i18n: I18n): string {
  return preset === "custom" ? i18n._(msg`Custom range`) : i18n._(presetLabels[preset]);
}

export interface PeriodPickerProps {
  choice: PeriodChoice;
  period: ResolvedPeriod;
  /** The moment presets are resolved against (`usePeriodSearch().now`); bounds the custom end. */
  now: number;
  onChange: (choice: PeriodChoice) => void;
  /** The group's name, "Period" unless told. */
  legend?: string | undefined;
}

type Option = PeriodPreset | "custom";

export function PeriodPicker({ choice, period, now, onChange, legend }: PeriodPickerProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const name = useId();
  const legendId = useId();
  const rangeId = useId();
  // "Custom range" can be chosen before a range is applied: the URL keeps the old period
  // until Apply, while the form is open.
  const [customOpen, setCustomOpen] = useState(choice.preset === "custom");
  // Back, Forward or a shared link change the choice under the picker: the form follows it
  // (adjusted while rendering, so that no frame shows "Custom range" checked without a form).
  const choiceText = periodToText(choice);
  const [shownChoice, setShownChoice] = useState(choiceText);
  if (shownChoice !== choiceText) {
    setShownChoice(choiceText);
    setCustomOpen(choice.preset === "custom");
  }
  const selected: Option = customOpen ? "custom" : choice.preset;
  const today = dayOf(now, period.timeZone);
  const zone = format.zone(period.timeZone, period.from);

  const choose = (option: Option) => {
    if (option === "custom") {
      setCustomOpen(true);
      return;
    }
    setCustomOpen(false);
    onChange({ preset: option });
  };

  return (
    <div className="period-picker">
      <div
        role="radiogroup"
        aria-labelledby={legendId}
        aria-describedby={rangeId}
        className="period-options"
      >
        <span id={legendId} className="period-legend">
          {legend ?? t`Period`}
        </span>
        {[...periodPresets, "custom" as const].map((option) => (
          <label key={option} className="period-option">
            <input
              type="radio"
              name={name}
              value={option}
              checked={selected === option}
              onChange={() => {
                choose(option);
              }}
            />
            {presetLabel(option, i18n)}
          </label>
        ))}
      </div>
      {customOpen && (
        <Suspense fallback={null}>
          <CustomRangeForm
            key={`${period.firstDay}..${period.lastDay}`}
            from={period.firstDay}
            to={period.lastDay}
            today={today}
            onApply={(from, to) => {
              onChange({ preset: "custom", from, to });
            }}
          />
        </Suspense>
      )}
      <p id={rangeId} className="period-range" aria-live="polite" title={zone.iana}>
        {withZone(format.period(period.from, period.to, period.timeZone), zone.label, i18n)}
      </p>
    </div>
  );
}
