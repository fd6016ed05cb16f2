import { useCallback, useMemo, useState } from "react";
import { useSearchParams } from "react-router";
import { useCurrentChannel } from "@/components/current-channel";
import {
  PERIOD_PARAM,
  readPeriodParam,
  resolvePeriod,
  writePeriodParam,
  type PeriodChoice,
  type PeriodPreset,
  type ResolvedPeriod,
} from "@/lib/period";

export interface PeriodSearch {
  /** What the URL asks for. */
  choice: PeriodChoice;
  /** The choice as instants and API date-times in the channel's zone. */
  period: ResolvedPeriod;
  /**
   * The moment the page opened or the period was last chosen: presets are resolved against
   * it, so query keys stay put while the page is read, and "Today" chosen after midnight is
   * the new day.
   */
  now: number;
  /**
   * Writes the choice into the URL (replacing the history entry, as filters do). `reset`
   * deletes other keys in the same navigation — a table's page offset, say — since two
   * separate URL writes in one event would overwrite each other.
   */
  setChoice: (choice: PeriodChoice, options?: { reset?: readonly string[] }) => void;
}

/** The period of the current page, kept in the URL's `period` key, in the channel's zone. */
export function usePeriodSearch(fallback: PeriodPreset = "30d"): PeriodSearch {
  const channel = useCurrentChannel();
  const [params, setParams] = useSearchParams();
  const [now, setNow] = useState(() => Date.now());
  // Keyed on the text, so that moving another key of the URL keeps the same period object.
  const text = params.get(PERIOD_PARAM);
  const choice = useMemo(
    () =>
      readPeriodParam(new URLSearchParams(text === null ? "" : { [PERIOD_PARAM]: text }), fallback),
    [text, fallback],
  );
  const period = useMemo(
    () => resolvePeriod(choice, now, channel.time_zone),
    [choice, now, channel.time_zone],
  );
  const setChoice = useCallback(
    (next: PeriodChoice, options: { reset?: readonly string[] } = {}) => {
      setNow(Date.now());
      setParams(
        (current) => {
          const written = writePeriodParam(current, next, fallback);
          for (const key of options.reset ?? []) written.delete(key);
          return written;
        },
        { replace: true, preventScrollReset: true },
      );
    },
    [setParams, fallback],
  );
  return { choice, period, now, setChoice };
}
