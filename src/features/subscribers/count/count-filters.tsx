import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import type { UseQueryResult } from "@tanstack/react-query";
import { useId } from "react";
import type { BotInfo, SubscriptionInfo, UtmInfo } from "@/contract/entities";
import { SUBSCRIPTIONS_HEADER } from "../list/subscriber-columns";
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

const leadLabels: Record<LeadStatusChoice, MessageDescriptor> = {
  any: msg({ message: "Any", context: "lead status" }),
  active: msg`Active (allows messages)`,
  inactive: msg`Inactive (does not allow messages)`,
};

export function CountFilters({ search, onChange, subscriptions, utms, bots }: CountFiltersProps) {
  const { t, i18n } = useLingui();
  const botId = useId();
  const botHintId = useId();
  const subscriptionOptions = withUnknown(
    (subscriptions.data ?? []).map((item) => ({ value: item.subscription_id, label: item.name })),
    search.sub,
    (id) => t`Subscription ${id} (not in this channel)`,
  );
  const sourceOptions = withUnknown(
    utmSourceOptions(utms.data ?? []).map((option) => {
      const count = option.tags.length;
      const tags = option.tags.join("; ");
      return {
        value: option.source,
        label: option.source,
        detail: t`${plural(count, { one: `Tag: ${tags}`, other: `Tags: ${tags}` })}`,
      };
    }),
    search.utm,
    (source) => t`${source} (no tag of this channel has it)`,
  );
  const botKnown = (bots.data ?? []).some((bot) => bot.bot_id === search.bot);
  const unknownBot = search.bot;

  return (
    <div className="count-filters">
      <CheckboxGroup
        legend={i18n._(SUBSCRIPTIONS_HEADER)}
        hint={t`People in any of the ticked ones; none ticked: any subscription.`}
        options={subscriptionOptions}
        selected={search.sub}
        onChange={(sub) => {
          onChange({ sub });
        }}
        status={lookupStatus(subscriptions, {
          loading: t`Loading the subscriptions…`,
          failure: t`Could not load the subscriptions.`,
        })}
      />

      <fieldset className="count-filter">
        <legend>
          <Trans>Lead status</Trans>
        </legend>
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
                <span>{i18n._(leadLabels[value])}</span>
              </label>
            </li>
          ))}
        </ul>
      </fieldset>

      <div className="count-filter field">
        <label htmlFor={botId}>
          <Trans>Bot</Trans>
        </label>
        {lookupStatus(bots, {
          loading: t`Loading the bots…`,
          failure: t`Could not load the bots.`,
        }) ?? (
          <select
            id={botId}
            aria-describedby={botHintId}
            value={search.bot}
            onChange={(event) => {
              onChange({ bot: Number(event.target.value) });
            }}
          >
            <option value={0}>{t`Any bot`}</option>
            {(bots.data ?? []).map((bot) => (
              <option key={bot.bot_id} value={bot.bot_id}>
                {bot.title}
              </option>
            ))}
            {search.bot > 0 && !botKnown && (
              <option value={search.bot}>{t`Bot ${unknownBot} (not in this channel)`}</option>
            )}
          </select>
        )}
        <p id={botHintId} className="count-filter-hint">
          <Trans>People who have been in the bot.</Trans>
        </p>
      </div>

      <CheckboxGroup
        legend={t`UTM sources`}
        hint={t`People who came with any of the ticked sources; none ticked: any source or none.`}
        options={sourceOptions}
        selected={search.utm}
        onChange={(utm) => {
          onChange({ utm });
        }}
        status={
          lookupStatus(utms, {
            loading: t`Loading the UTM tags…`,
            failure: t`Could not load the UTM tags.`,
          }) ??
          (sourceOptions.length === 0 ? (
            <p className="muted count-filter-status">
              <Trans>No UTM tag of this channel names a source.</Trans>
            </p>
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
