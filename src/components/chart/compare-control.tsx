import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { COMPARE_MODES, type CompareMode } from "@/lib/compare-periods";
import { searchField, searchSchema } from "@/lib/url-state";

/** The chart's comparison in the URL (`?compare=previous`), shared by the pages with charts. */
export const compareSearch = searchSchema({ compare: searchField.oneOf(COMPARE_MODES, "none") });

interface CompareControlProps {
  value: CompareMode;
  onChange: (mode: CompareMode) => void;
}

/** "Compare with: nothing / the previous period / the same period a year before". */
export function CompareControl({ value, onChange }: CompareControlProps) {
  const { t } = useLingui();
  const id = useId();
  const labels: Record<CompareMode, string> = {
    none: t({ message: "Nothing", context: "compare with" }),
    previous: t({ message: "Previous period", context: "compare with" }),
    year: t({ message: "Same period a year before", context: "compare with" }),
  };
  return (
    <span className="chart-compare">
      <label htmlFor={id}>{t`Compare with`}</label>
      <select
        id={id}
        value={value}
        onChange={(event) => {
          const mode = COMPARE_MODES.find((item) => item === event.currentTarget.value);
          if (mode) onChange(mode);
        }}
      >
        {COMPARE_MODES.map((mode) => (
          <option key={mode} value={mode}>
            {labels[mode]}
          </option>
        ))}
      </select>
    </span>
  );
}
