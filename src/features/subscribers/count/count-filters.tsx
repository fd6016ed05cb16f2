import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import type { BotInfo, SubscriptionInfo, UtmInfo } from "@/contract/entities";
import { CheckboxGroup, type CheckboxOption } from "./checkbox-group";
import { leadStatuses, type CountSearch, type LeadStatusChoice } from "./count-search";
import { lookupStatus } from "./lookup-status";
import { utmSourceOptions } from "./utm-sources";

interface CountFiltersProps {
  search: CountSearch;
  onChange: (patch: Partial<CountSearch>) => void;
  subscriptions: UseQueryResult<SubscriptionInfo[]>;
  utms: UseQueryResult<UtmInfo[]>;
  bots: UseQueryResult<BotInfo[]>;
}

const leadLabels: Record<LeadStatusChoice, string> = {
  any: "Any",
  active: "Active (allows messages)",
  inactive: "Inactive (does not allow messages)",
};

export function CountFilters({ search, onChange, subscriptions, utms, bots }: CountFiltersProps) {
  const botId = useId();
  const botHintId = useId();
  const subscriptionOptions = withUnknown(
    (subscriptions.data ?? []).map((item) => ({ value: item.subscription_id, label: item.name })),
    search.sub,
    (id) => `Subscription ${String(id)} (not in this channel)`,
  );
  const sourceOptions = withUnknown(
    utmSourceOptions(utms.data ?? []).map((option) => ({
      value: option.source,
      label: option.source,
      detail: `Tag${option.tags.length > 1 ? "s" : ""}: ${option.tags.join("; ")}`,
    })),
    search.utm,
    (source) => `${source} (no tag of this channel has it)`,
  );
  const botKnown = (bots.data ?? []).some((bot) => bot.bot_id === search.bot);

  return (
    <div className="count-filters">
      <CheckboxGroup
        legend="Subscriptions"
        hint="People in any of the ticked ones; none ticked: any subscription."
        options={subscriptionOptions}
        selected={search.sub}
        onChange={(sub) => {
          onChange({ sub });
        }}
        status={lookupStatus(subscriptions, "subscriptions")}
      />

      <fieldset className="count-filter">
        <legend>Lead status</legend>
        <ul className="count-checks">
          {leadStatuses.map((value) => (
            <li key={value}>
              <label className="count-check">
                <input
                  type="radio"
                  name="lead-status"
                  value={value}
                  checked={search.lead === value}
                  onChange={() => {
                    onChange({ lead: value });
                  }}
                />
                <span>{leadLabels[value]}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="count-filter field">
        <label htmlFor={botId}>Bot</label>
        {lookupStatus(bots, "bots") ?? (
          <select
            id={botId}
            aria-describedby={botHintId}
            value={search.bot}
            onChange={(event) => {
              onChange({ bot: Number(event.target.value) });
            }}
          >
            <option value={0}>Any bot</option>
            {(bots.data ?? []).map((bot) => (
              <option key={bot.bot_id} value={bot.bot_id}>
                {bot.title}
              </option>
            ))}
            {search.bot > 0 && !botKnown && (
              <option value={search.bot}>Bot {String(search.bot)} (not in this channel)</option>
            )}
          </select>
        )}
        <p id={botHintId} className="count-filter-hint">
          People who have been in the bot.
        </p>
      </div>

      <CheckboxGroup
        legend="UTM sources"
        hint="People who came with any of the ticked sources; none ticked: any source or none."
        options={sourceOptions}
        selected={search.utm}
        onChange={(utm) => {
          onChange({ utm });
        }}
        status={
          lookupStatus(utms, "UTM tags") ??
          (sourceOptions.length === 0 ? (
            <p className="muted count-filter-status">No UTM tag of this channel names a source.</p>
          ) : undefined)
        }
      />
    </div>
  );
}

/** A value in the URL that no option has (a link from another channel) stays untickable. */
function withUnknown<Value extends string | number>(
  options: CheckboxOption<Value>[],
  selected: readonly Value[],
  label: (value: Value) => string,
): CheckboxOption<Value>[] {
  const known = new Set(options.map((option) => option.value));
  const unknown = selected.filter((value) => !known.has(value));
  return [...options, ...unknown.map((value) => ({ value, label: label(value) }))];
}
