import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { TextField } from "@/components/text-field";
import * as z from "@/contract/zod";
import { zodResolver } from "@/i18n/zod-resolver";
import { customRangeProblem, MIN_DAY, type RangeProblem } from "@/lib/period";

/** The period picker's "Custom range": two days and Apply, loaded when first opened. */

const rangeProblems: Record<RangeProblem, MessageDescriptor> = {
  "first-missing": msg`Enter the first day.`,
  "last-missing": msg`Enter the last day.`,
  "too-early": msg`Start on 1 January 2000 or later.`,
  "first-after-today": msg`The first day cannot be after today.`,
  "last-before-first": msg`The last day cannot be before the first.`,
  "last-after-today": msg`The last day cannot be after today.`,
  "too-long": msg`A range can be at most 10 years long.`,
};

const rangeFields = z.object({ from: z.string(), to: z.string() });
type RangeValues = z.output<typeof rangeFields>;

function rangeSchema(today: string, i18n: I18n) {
  return rangeFields.check(
    z.superRefine((values, ctx) => {
      const found = customRangeProblem(values.from, values.to, today);
      if (found) {
        ctx.addIssue({
          code: "custom",
          path: [found.field],
          message: i18n._(rangeProblems[found.problem]),
        });
      }
    }),
  );
}

interface CustomRangeFormProps {
  from: string;
  to: string;
  today: string;
  onApply: (from: string, to: string) => void;
}

export function CustomRangeForm({ from, to, today, onApply }: CustomRangeFormProps) {
  const { t, i18n } = useLingui();
  const [schema] = useState(() => rangeSchema(today, i18n));
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
      aria-label={t`Custom range`}
      onSubmit={(event) => void submit(event)}
    >
      <TextField
        type="date"
        className="period-day"
        label={t`First day`}
        min={MIN_DAY}
        max={today}
        error={errors.from?.message}
        {...register("from")}
      />
      <TextField
        type="date"
        className="period-day"
        label={t`Last day`}
        min={MIN_DAY}
        max={today}
        error={errors.to?.message}
        {...register("to")}
      />
      <button type="submit" className="button button-primary period-apply">
        <Trans>Apply</Trans>
      </button>
    </form>
  );
}
