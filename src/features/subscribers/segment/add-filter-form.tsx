import { Trans, useLingui } from "@lingui/react/macro";
import { useQuery } from "@tanstack/react-query";
import { type SyntheticEvent, useId, useState } from "react";
import { eventSources } from "@/contract/common";
import { parseApiDateTime } from "@/contract/datetime";
import { dayOf, MIN_DAY } from "@/lib/period";
import { sourceLabel } from "@/lib/subscription-events";
import { parseUserIds, USER_IDS_MAX } from "@/lib/user-ids";
import { useFormat } from "@/i18n/use-format";
import {
  addFilter,
  FILTER_KINDS,
  type FilterKind,
  type FilterValue,
  KIND_GROUPS,
  KIND_LABELS,
  pickerOf,
} from "./filter-kinds";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { stepsQuery, type useSegmentLookups } from "./segment-lookups";

const VARIABLE_NAME = /^[A-Za-z0-9_]{1,64}$/;

interface AddFilterFormProps {
  filters: SegmentFilters;
  lookups: ReturnType<typeof useSegmentLookups>;
  groupId: number;
  timeZone: string;
  userIdField: "tg_user_id" | "vk_user_id" | undefined;
  onAdd: (filters: SegmentFilters) => void;
  onCancel: () => void;
}

/** "Add a filter": what kind, then its value from the channel's own lists. */
export function AddFilterForm({
  filters,
  lookups,
  groupId,
  timeZone,
  userIdField,
  onAdd,
  onCancel,
}: AddFilterFormProps) {
  const { t, i18n } = useLingui();
  const format = useFormat();
  const ids = useId();
  const [kind, setKind] = useState<FilterKind>("subscription_id");
  const [choice, setChoice] = useState("");
  const [text, setText] = useState("");
  const [from, setFrom] = useState("");
  const [to, setTo] = useState("");
  const [botId, setBotId] = useState(filters.bot_id ? String(filters.bot_id) : "");
  const [withValue, setWithValue] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const picker = pickerOf(kind);
  const today = dayOf(Date.now(), timeZone);
  const stepBot = Number(botId);
  const steps = useQuery({
    ...stepsQuery(groupId, stepBot, lookups.call),
    enabled: picker === "step" && stepBot > 0 && lookups.mayReadSteps,
  });

  const kinds = FILTER_KINDS.filter((item) => item !== "people" || userIdField !== undefined);

  function valueOf(): FilterValue | string {
    switch (picker) {
      case "people": {
        const parsed = parseUserIds(text);
        if (parsed.invalid.length > 0) {
          const bad = parsed.invalid.slice(0, 3).join(", ");
          return t`Not user ids: ${bad}.`;
        }
        if (parsed.ids.length === 0) return t`Enter at least one user id.`;
        const max = format.number(USER_IDS_MAX);
        if (parsed.ids.length > USER_IDS_MAX) return t`At most ${max} ids.`;
        return { picker: "people", ids: parsed.ids, field: userIdField ?? "tg_user_id" };
      }
      case "subscription":
      case "delivery":
      case "bot": {
        const id = Number(choice);
        if (!(Number.isSafeInteger(id) && id > 0)) return t`Choose one from the list.`;
        return { picker: "id", id };
      }
      case "source":
        return choice === "" ? t`Choose one from the list.` : { picker: "source", source: choice };
      case "status":
        return choice === "1" || choice === "2"
          ? { picker: "status", status: choice === "1" ? 1 : 2 }
          : t`Choose one from the list.`;
      case "days": {
        if (from === "" && to === "") return t`Enter the first day, the last day or both.`;
        if (from !== "" && from < MIN_DAY) return t`Start on 1 January 2000 or later.`;
        if (from !== "" && to !== "" && to < from) {
          return t`The last day cannot be before the first.`;
        }
        return {
          picker: "days",
          ...(from !== "" && { from }),
          ...(to !== "" && { to }),
        };
      }
      case "step": {
        if (!(stepBot > 0)) return t`Choose the bot first.`;
        const step = choice.trim();
        if (step === "" || step.length > 64) return t`Choose a step.`;
        return { picker: "step", botId: stepBot, stepId: step };
      }
      case "variable": {
        const name = text.trim();
        if (!VARIABLE_NAME.test(name)) {
          return t`A variable's name is Latin letters, digits and _ (up to 64).`;
        }
        return { picker: "variable", name, ...(withValue && { value: choice }) };
      }
    }
  }

  function submit(event: SyntheticEvent) {
    event.preventDefault();
    const value = valueOf();
    if (typeof value === "string") {
      setError(value);
      return;
    }
    onAdd(addFilter(filters, kind, value));
  }

  const valueId = `${ids}-value`;
  const errorId = `${ids}-error`;
  const describedBy = error ? errorId : undefined;
  const select = (options: { value: string; label: string }[], label: string) => (
    <div className="field">
      <label htmlFor={valueId}>{label}</label>
      <select
        id={valueId}
        value={choice}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(event) => {
          setChoice(event.target.value);
          setError(undefined);
        }}
      >
        <option value="">{t`Choose…`}</option>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
  const botSelect = (label: string, value: string, onChange: (value: string) => void) => (
    <div className="field">
      <label htmlFor={`${ids}-bot`}>{label}</label>
      <select
        id={`${ids}-bot`}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setError(undefined);
        }}
      >
        <option value="">{t`Choose…`}</option>
        {lookups.bots.map((bot) => (
          <option key={bot.bot_id} value={String(bot.bot_id)}>
            {bot.title}
          </option>
        ))}
      </select>
    </div>
  );

  return (
    <form className="segment-add" aria-label={t`Add a filter`} noValidate onSubmit={submit}>
      <div className="field">
        <label htmlFor={`${ids}-kind`}>
          <Trans>Filter</Trans>
        </label>
        <select
          id={`${ids}-kind`}
          value={kind}
          onChange={(event) => {
            const next = kinds.find((item) => item === event.target.value);
            if (next) setKind(next);
            setChoice("");
            setText("");
            setError(undefined);
          }}
        >
          {KIND_GROUPS.map((group) => (
            <optgroup key={group.label.id} label={i18n._(group.label)}>
              {group.kinds
                .filter((item) => kinds.includes(item))
                .map((item) => (
                  <option key={item} value={item}>
                    {i18n._(KIND_LABELS[item])}
                  </option>
                ))}
            </optgroup>
          ))}
        </select>
      </div>
      {picker === "subscription" &&
        select(
          lookups.subscriptions.map((s) => ({ value: String(s.subscription_id), label: s.name })),
          t`Group`,
        )}
      {picker === "delivery" &&
        select(
          lookups.deliveries.map(({ item }) => {
            // To the minute: the seconds only lengthen a long list of mailings.
            const sent = parseApiDateTime(item.date, timeZone);
            const when = sent === null ? item.date : format.dateTime(sent, timeZone);
            return { value: String(item.delivery_id), label: `${item.name} · ${when}` };
          }),
          t`Mailing`,
        )}
      {picker === "bot" &&
        select(
          lookups.bots.map((bot) => ({ value: String(bot.bot_id), label: bot.title })),
          t`Bot`,
        )}
      {picker === "source" &&
        select(
          eventSources.map((source) => ({ value: source, label: sourceLabel(source, i18n) })),
          t`How they joined`,
        )}
      {picker === "status" &&
        select(
          [
            { value: "1", label: t`active (allows messages)` },
            { value: "2", label: t`inactive (does not allow messages)` },
          ],
          t`Status`,
        )}
      {picker === "step" && (
        <>
          {botSelect(t`Bot`, botId, (value) => {
            setBotId(value);
            setChoice("");
          })}
          {lookups.mayReadSteps ? (
            select(
              (steps.data ?? []).map((step) => ({ value: step.step_id, label: step.title })),
              t`Step`,
            )
          ) : (
            <div className="field">
              <label htmlFor={valueId}>
                <Trans>Step id</Trans>
              </label>
              <input
                id={valueId}
                value={choice}
                maxLength={64}
                aria-describedby={describedBy}
                onChange={(event) => {
                  setChoice(event.target.value);
                }}
              />
            </div>
          )}
        </>
      )}
      {picker === "people" && (
        <div className="field">
          <label htmlFor={valueId}>
            <Trans>User ids, separated by commas or spaces</Trans>
          </label>
          <input
            id={valueId}
            value={text}
            inputMode="numeric"
            aria-describedby={describedBy}
            aria-invalid={error ? true : undefined}
            onChange={(event) => {
              setText(event.target.value);
              setError(undefined);
            }}
          />
        </div>
      )}
      {picker === "days" && (
        <>
          <div className="field">
            <label htmlFor={`${ids}-from`}>
              <Trans>First day</Trans>
            </label>
            <input
              id={`${ids}-from`}
              type="date"
              min={MIN_DAY}
              max={today}
              value={from}
              aria-describedby={describedBy}
              onChange={(event) => {
                setFrom(event.target.value);
                setError(undefined);
              }}
            />
          </div>
          <div className="field">
            <label htmlFor={`${ids}-to`}>
              <Trans>Last day</Trans>
            </label>
            <input
              id={`${ids}-to`}
              type="date"
              min={MIN_DAY}
              value={to}
              aria-describedby={describedBy}
              onChange={(event) => {
                setTo(event.target.value);
                setError(undefined);
              }}
            />
          </div>
        </>
      )}
      {picker === "variable" && (
        <>
          <div className="field">
            <label htmlFor={valueId}>
              <Trans>Variable name</Trans>
            </label>
            <input
              id={valueId}
              value={text}
              maxLength={64}
              aria-describedby={describedBy}
              aria-invalid={error ? true : undefined}
              onChange={(event) => {
                setText(event.target.value);
                setError(undefined);
              }}
            />
          </div>
          <label className="segment-check">
            <input
              type="checkbox"
              checked={withValue}
              onChange={(event) => {
                setWithValue(event.target.checked);
              }}
            />
            <Trans>with the value</Trans>
          </label>
          {withValue && (
            <div className="field">
              <label htmlFor={`${ids}-var-value`}>
                <Trans>Value</Trans>
              </label>
              <input
                id={`${ids}-var-value`}
                value={choice}
                maxLength={4096}
                onChange={(event) => {
                  setChoice(event.target.value);
                }}
              />
            </div>
          )}
        </>
      )}
      <div className="segment-add-buttons">
        <button type="submit" className="button button-primary">
          <Trans>Add filter</Trans>
        </button>
        <button type="button" className="button" onClick={onCancel}>
          <Trans>Cancel</Trans>
        </button>
      </div>
      {error && (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      )}
    </form>
  );
}
