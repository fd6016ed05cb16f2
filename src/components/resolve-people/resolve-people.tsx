import { plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useApi } from "@/api/api-context";
import { subscriptionsQuery } from "@/api/lookup-queries";
import { directoryKeys } from "@/api/query-keys";
import { ErrorState } from "@/components/error-state";
import {
  resolutionComplete,
  resolvedLines,
  setDropped,
  chooseCandidate,
  summariseResolution,
  type ResolvedLine,
} from "@/lib/people-lines";
import { LookupPending } from "./lookup-pending";
import { ResolvedLineItem } from "./resolved-line";
import "./resolve-people.css";

interface ResolvePeopleProps {
  groupId: number;
  /** The pasted lines (src/lib/people-lines.ts `linesToResolve`). */
  lines: readonly string[];
  /** The channel's zone, for the day each namesake subscribed. */
  timeZone: string;
  /** What the form will do with them, as "Add 3 people" (the button that sends). */
  useLabel: (count: number) => string;
  onUse: (userIds: number[]) => void;
  onCancel: () => void;
}

/**
 * The step between pasting names and sending anything: each line read by the directory and
 * shown as the person it names (photo, name, id); an ambiguous name asks which one; a line
 * naming nobody says why and can be dropped. The send button waits for every line.
 */
export function ResolvePeople({
  groupId,
  lines,
  timeZone,
  useLabel,
  onUse,
  onCancel,
}: ResolvePeopleProps) {
  const { directory, call } = useApi();
  const query = useQuery({
    queryKey: [...directoryKeys.channel(groupId), "resolve", lines] as const,
    queryFn: ({ signal }) => directory.resolve(groupId, lines, { signal }),
    // An answer about names is only good for this one step.
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const ambiguous = query.data?.results.some((result) => result.outcome === "ambiguous") ?? false;
  // Namesakes are told apart by their subscriptions' names, read only when someone must choose.
  const subscriptions = useQuery({ ...subscriptionsQuery(groupId, call), enabled: ambiguous });
  const subscriptionNames = new Map(
    (subscriptions.data ?? []).map((item) => [item.subscription_id, item.name]),
  );
  const { t } = useLingui();

  if (query.isPending) return <LookupPending />;
  if (query.isError) {
    return (
      <section className="resolve-people card" aria-label={t`People to check`}>
        <ErrorState
          title={t`Could not look the names up in the directory.`}
          error={query.error}
          retrying={query.isFetching}
          onRetry={() => void query.refetch()}
        />
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Back to the list</Trans>
        </button>
      </section>
    );
  }
  return (
    <Settle
      initial={resolvedLines(query.data.results)}
      subscriptionNames={subscriptionNames}
      timeZone={timeZone}
      useLabel={useLabel}
      onUse={onUse}
      onCancel={onCancel}
    />
  );
}

interface SettleProps {
  initial: ResolvedLine[];
  subscriptionNames: ReadonlyMap<number, string>;
  timeZone: string;
  useLabel: (count: number) => string;
  onUse: (userIds: number[]) => void;
  onCancel: () => void;
}

function Settle({ initial, subscriptionNames, timeZone, useLabel, onUse, onCancel }: SettleProps) {
  const { t } = useLingui();
  const [lines, setLines] = useState(initial);
  const summary = summariseResolution(lines);
  const ready = resolutionComplete(summary);
  const pending = summary.pending;
  const people = summary.ids.length;

  return (
    <section className="resolve-people card" aria-label={t`People to check`}>
      <h2 className="resolve-people-title">
        <Trans>Check the people before anything is sent</Trans>
      </h2>
      <ol className="resolve-people-lines">
        {lines.map((line, index) => (
          <ResolvedLineItem
            key={line.line}
            line={line}
            subscriptionNames={subscriptionNames}
            timeZone={timeZone}
            onChoose={(userId) => {
              setLines((current) => chooseCandidate(current, index, userId));
            }}
            onDrop={(dropped) => {
              setLines((current) => setDropped(current, index, dropped));
            }}
          />
        ))}
      </ol>
      <p role="status" className="resolve-people-summary">
        {pending > 0
          ? people === 0
            ? t`Nobody ready yet; ${plural(pending, { one: "# line to choose or drop", other: "# lines to choose or drop" })}.`
            : t`${plural(people, { one: "# person ready", other: "# people ready" })}; ${plural(pending, { one: "# line to choose or drop", other: "# lines to choose or drop" })}.`
          : people === 0
            ? t`No one left to send to.`
            : t`${plural(people, { one: "# person ready", other: "# people ready" })}.`}
      </p>
      <div className="resolve-people-actions">
        <button
          type="button"
          className="button button-primary"
          disabled={!ready}
          onClick={() => {
            onUse(summary.ids);
          }}
        >
          {useLabel(people)}
        </button>
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Back to the list</Trans>
        </button>
      </div>
    </section>
  );
}
