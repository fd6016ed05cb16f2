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
 *   `readPeriodParam`/`writePeriodParam`, `presetLabels`.
 * - Presets: today, 7, 30 and 90 days (today included), this month and this year (to today),
 *   the previous month; and a custom range of whole days, checked in a small form (no end
 *   after today, no start before 2000, at most 10 years).
 * - Keyboard: the presets are one radio group (Tab in, arrows move and choose); "Custom range"
 *   opens two date fields and Apply. The chosen days and the zone are always written out, and
 *   announced when they change.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useId, useState } from "react";
import { useForm } from "react-hook-form";
import * as z from "@/contract/zod";
import {
  customRangeProblem,
  dayOf,
  formatPeriodDays,
  MIN_DAY,
  periodPresets,
  periodToText,
  presetLabels,
  type PeriodChoice,
  type PeriodPreset,
  type ResolvedPeriod,
} from "@/lib/period";
import { TextField } from "@/components/text-field";
import "./period-picker.css";

export interface PeriodPickerProps {
  choice: PeriodChoice;
  period: ResolvedPeriod;
  /** The moment presets are resolved against (`usePeriodSearch().now`); bounds the custom end. */
  now: number;
  onChange: (choice: PeriodChoice) => void;
  /** The group's name, "Period" unless told. */
  legend?: string;
}

type Option = PeriodPreset | "custom";

export function PeriodPicker({
  choice,
  period,
  now,
  onChange,
  legend = "Period",
}: PeriodPickerProps) {
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
          {legend}
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
            {option === "custom" ? "Custom range" : presetLabels[option]}
          </label>
        ))}
      </div>
      {customOpen && (
        <CustomRangeForm
          key={`${period.firstDay}..${period.lastDay}`}
          from={period.firstDay}
          to={period.lastDay}
          today={today}
          onApply={(from, to) => {
            onChange({ preset: "custom", from, to });
          }}
        />
      )}
      <p id={rangeId} className="period-range" aria-live="polite">
        <span className="period-range-days">{formatPeriodDays(period)}</span>{" "}
        <span className="period-range-zone">(times in {period.timeZone})</span>
      </p>
    </div>
  );
}

const rangeFields = z.object({ from: z.string(), to: z.string() });
type RangeValues = z.output<typeof rangeFields>;

function rangeSchema(today: string) {
  return rangeFields.superRefine((values, ctx) => {
    const problem = customRangeProblem(values.from, values.to, today);
    if (problem) ctx.addIssue({ code: "custom", path: [problem.field], message: problem.message });
  });
}

interface CustomRangeFormProps {
  from: string;
  to: string;
  today: string;
  onApply: (from: string, to: string) => void;
}

function CustomRangeForm({ from, to, today, onApply }: CustomRangeFormProps) {
  const [schema] = useState(() => rangeSchema(today));
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RangeValues>({ resolver: zodResolver(schema), defaultValues: { from, to } });
  const submit = handleSubmit((values) => {
    onApply(values.from, values.to);
  });

  return (
    <form
      className="period-custom"
      noValidate
      aria-label="Custom range"
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        type="date"
        className="period-day"
        label="First day"
        min={MIN_DAY}
        max={today}
        error={errors.from?.message}
        {...register("from")}
      />
      <TextField
        type="date"
        className="period-day"
        label="Last day"
        min={MIN_DAY}
        max={today}
        error={errors.to?.message}
        {...register("to")}
      />
      <button type="submit" className="button button-primary period-apply">
        Apply
      </button>
    </form>
  );
}
