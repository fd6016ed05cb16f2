import { useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import type { SubscriptionInfo, UtmInfo } from "@/contract/entities";
import type { SubscriptionsSearch } from "./subscriptions-search";

interface FiltersProps {
  search: SubscriptionsSearch;
  onChange: (patch: Pick<Partial<SubscriptionsSearch>, "sub" | "utm">) => void;
  subscriptions: UseQueryResult<SubscriptionInfo[]>;
  utms: UseQueryResult<UtmInfo[]>;
}

/**
 * Subscription and source (the UTM tag an event came through): the two filters the API
 * applies to statCount and statSubscribe alike, so the totals, the chart and the table agree.
 */
export function SubscriptionsFilters({ search, onChange, subscriptions, utms }: FiltersProps) {
  const { t } = useLingui();
  return (
    <div className="subscriptions-filters" role="group" aria-label={t`Filters`}>
      <FilterSelect
        label={t`Subscription`}
        anyLabel={t`All subscriptions`}
        value={search.sub}
        query={subscriptions}
        options={(subscriptions.data ?? []).map((item) => ({
          id: item.subscription_id,
          name: item.name,
        }))}
        onChange={(sub) => {
          onChange({ sub });
        }}
      />
      <FilterSelect
        label={t`Source (UTM tag)`}
        anyLabel={t`All sources`}
        value={search.utm}
        query={utms}
        options={(utms.data ?? []).map((item) => ({ id: item.utm_id, name: item.name }))}
        onChange={(utm) => {
          onChange({ utm });
        }}
      />
    </div>
  );
}

interface FilterSelectProps {
  label: string;
  anyLabel: string;
  value: number;
  query: UseQueryResult;
  options: { id: number; name: string }[];
  onChange: (id: number) => void;
}

function FilterSelect({ label, anyLabel, value, query, options, onChange }: FilterSelectProps) {
  const { t } = useLingui();
  const id = useId();
  const hintId = `${id}-hint`;
  // A filter from the URL that the names do not (yet) list stays chosen, by its id.
  const shown =
    value > 0 && !options.some((option) => option.id === value)
      ? [...options, { id: value, name: `#${String(value)}` }]
      : options;
  const hint = query.isPending
    ? t`Loading names…`
    : query.isError
      ? t`Names could not be loaded; ids are shown.`
      : undefined;
  return (
    <div className="field subscriptions-filter">
      <label htmlFor={id}>{label}</label>
      <select
        id={id}
        className="subscriptions-select"
        value={String(value)}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => {
          onChange(Number(event.currentTarget.value));
        }}
      >
        <option value="0">{anyLabel}</option>
        {shown.map((option) => (
          <option key={option.id} value={String(option.id)}>
            {option.name.trim() === "" ? `#${String(option.id)}` : option.name}
          </option>
        ))}
      </select>
      {hint && (
        <p id={hintId} className="subscriptions-hint">
          {hint}
        </p>
      )}
    </div>
  );
}
