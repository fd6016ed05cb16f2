import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useId, useLayoutEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { useApi } from "@/api/api-context";
import {
  directorySearchElsewhereOptions,
  directorySearchOptions,
} from "@/api/directory/directory-queries";
import { describeApiError } from "@/api/error-text";
import { subscriptionsQuery } from "@/api/lookup-queries";
import type { SessionChannel } from "@/contract/session";
import { personPath } from "@/lib/person-path";
import {
  comboboxKey,
  SEARCH_DEBOUNCE_MS,
  searchQueryOf,
  slashFocusesSearch,
} from "@/lib/person-search";
import { parseProfileInput } from "@/lib/profile-link";
import { userIdField } from "@/lib/subscriber-format";
import { directoryProgressText } from "./directory-progress";
import { PersonOption, type SearchOption } from "./person-option";
import { SearchInput } from "./search-input";
import { useDebounced } from "./use-debounced";
import "./person-search.css";

export interface PersonSearchProps {
  channel: SessionChannel;
  /**
   * The account's other channels: the same search runs there too (as far as the gateway's role
   * table allows), and their people show in a group per channel.
   */
  otherChannels?: readonly SessionChannel[];
  /** "header": the box of every channel page (`/` focuses it); "page": a page's own. */
  placement?: "header" | "page";
  /** What was typed in the header's stand-in before this code loaded (header-person-search.tsx). */
  initialText?: string;
  /** Takes the focus when it appears: the stand-in had it. */
  focusOnMount?: boolean;
}

/**
 * "Find a person…": a combobox over the gateway's directory (ARIA 1.2 pattern: the focus stays
 * in the field, arrows move the highlight through the listbox, Enter opens the person, Escape
 * closes). Results come as one types, 20 ranked; a newer query cancels the one before it (its
 * `signal`), and the previous results stay on screen until the next arrive.
 */
export function PersonSearch({
  channel,
  otherChannels = NO_CHANNELS,
  placement = "header",
  initialText = "",
  focusOnMount = false,
}: PersonSearchProps) {
  const { t, i18n } = useLingui();
  const { directory, call } = useApi();
  const navigate = useNavigate();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(initialText);
  const [open, setOpen] = useState(focusOnMount && initialText !== "");
  const [active, setActive] = useState(-1);
  const groupId = channel.group_id;
  const typed = searchQueryOf(text);
  const q = useDebounced(typed, SEARCH_DEBOUNCE_MS, typed === "");

  const search = useQuery({
    ...directorySearchOptions(groupId, q, directory),
    enabled: q !== "",
    placeholderData: keepPreviousData,
  });
  const elsewhere = useQuery({
    ...directorySearchElsewhereOptions(groupId, q, directory),
    enabled: q !== "" && otherChannels.length > 0,
    placeholderData: keepPreviousData,
  });
  const subscriptions = useQuery({ ...subscriptionsQuery(groupId, call), enabled: open });
  const subscriptionNames = new Map(
    (subscriptions.data ?? []).map((item) => [item.subscription_id, item.name]),
  );

  // In the commit that removes the stand-in, so no key typed in between falls on the page.
  useLayoutEffect(() => {
    if (!focusOnMount) return;
    const input = inputRef.current;
    input?.focus();
    input?.setSelectionRange(input.value.length, input.value.length);
    // Only as it appears: the stand-in's focus moves over once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // At commit, as the stand-in's: the swap from the stand-in never leaves `/` without a taker.
  useLayoutEffect(() => {
    if (placement !== "header") return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (!slashFocusesSearch({ ...modifiers(event), target })) return;
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
    };
  }, [placement]);

  const people = q !== "" && typed !== "" ? (search.data?.items ?? []) : [];
  const parsed = parseProfileInput(typed, userIdField(channel.type_name), i18n);
  const idAsked = parsed.kind === "id" ? parsed.id : undefined;
  const options: SearchOption[] = people.map((person) => ({ kind: "person", person }));
  if (
    idAsked !== undefined &&
    search.data !== undefined &&
    !people.some((person) => person.user_id === idAsked)
  ) {
    options.push({ kind: "read", userId: idAsked });
  }
  // Other channels' people, grouped by channel, after this channel's (ids go on counting).
  const groups =
    q !== "" && typed !== ""
      ? (elsewhere.data?.channels ?? []).flatMap((found) => {
          const other = otherChannels.find((item) => item.group_id === found.group_id);
          if (!other) return [];
          const start = options.length;
          const added: SearchOption[] = found.items.map((person) => ({
            kind: "elsewhere",
            person,
            channel: other,
          }));
          options.push(...added);
          return [{ channel: other, start, options: added, more: found.more }];
        })
      : [];
  const shown = open && typed !== "";
  const listId = `${id}-list`;
  const optionId = (index: number) => `${id}-option-${String(index)}`;
  const activeIndex = active < options.length ? active : -1;

  const choose = (option: SearchOption | undefined) => {
    if (!option) return;
    setOpen(false);
    setActive(-1);
    setText("");
    inputRef.current?.blur();
    void navigate(
      option.kind === "person"
        ? personPath(groupId, option.person.user_id)
        : option.kind === "elsewhere"
          ? personPath(option.channel.group_id, option.person.user_id)
          : personPath(groupId, option.userId, true),
    );
  };

  const found = people.length;
  const progress = search.data ? directoryProgressText(search.data.directory, i18n) : undefined;
  const failure = search.isError ? describeApiError(search.error, i18n) : "";
  const status =
    q === "" || search.isPending
      ? t`Searching…`
      : search.isError
        ? t`Could not search: ${failure}`
        : found === 0
          ? groups.length > 0
            ? t`Nobody in this channel; found in other channels.`
            : t`Nobody found for “${typed}”.`
          : search.data.next_cursor !== null
            ? t`The best ${found} matches; type more of the name to narrow them.`
            : t`${plural(found, { one: "# person found", other: "# people found" })}`;

  return (
    <div
      className={`person-search person-search-${placement}`}
      onBlur={(event) => {
        // Open while the focus stays inside: the list scrolls by keyboard when it is focused.
        if (!(
          event.relatedTarget instanceof Node && event.currentTarget.contains(event.relatedTarget)
        )) {
          setOpen(false);
        }
      }}
    >
      <SearchInput
        id={id}
        inputRef={inputRef}
        value={text}
        expanded={shown}
        withHint={placement === "header"}
        aria-controls={listId}
        aria-activedescendant={shown && activeIndex >= 0 ? optionId(activeIndex) : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onFocus={() => {
          if (typed !== "") setOpen(true);
        }}
        onKeyDown={(event) => {
          const action = comboboxKey(event.key, {
            active: activeIndex,
            count: options.length,
            open: shown,
          });
          if (action.type === "none") return;
          event.preventDefault();
          if (action.type === "move") {
            setOpen(true);
            setActive(action.index);
            scrollIntoView(document.getElementById(optionId(action.index)));
          } else if (action.type === "choose") {
            choose(options[action.index]);
          } else if (action.type === "close") {
            setOpen(false);
            setActive(-1);
          } else {
            setText("");
          }
        }}
      />
      {/* Scrolls when the results are many: reachable by Tab, so a keyboard can scroll it. */}
      <div
        className="person-search-popup"
        hidden={!shown}
        tabIndex={shown ? 0 : -1}
        role="group"
        aria-label={t`Search results`}
      >
        <p className="person-search-status" role="status">
          {shown ? status : ""}
        </p>
        {shown && progress !== undefined && <p className="person-search-progress">{progress}</p>}
        <ul
          id={listId}
          role="listbox"
          aria-label={t`People found`}
          className="person-search-list"
          aria-busy={search.isFetching}
        >
          {shown &&
            options.slice(0, groups[0]?.start ?? options.length).map((option, index) => (
              <PersonOption
                key={option.kind === "read" ? "read" : option.person.record_id}
                id={optionId(index)}
                option={option}
                active={index === activeIndex}
                subscriptionNames={subscriptionNames}
                onChoose={() => {
                  choose(option);
                }}
                onHover={() => {
                  setActive(index);
                }}
              />
            ))}
          {shown &&
            groups.map((group) => {
              const name = group.channel.name;
              const headId = `${id}-in-${String(group.channel.group_id)}`;
              return (
                <li key={group.channel.group_id} role="group" aria-labelledby={headId}>
                  <div id={headId} className="person-search-group">
                    {group.more ? t`In ${name}, the best matches` : t`In ${name}`}
                  </div>
                  <ul role="none" className="person-search-list">
                    {group.options.map((option, offset) => {
                      const index = group.start + offset;
                      return (
                        <PersonOption
                          key={`${String(group.channel.group_id)}-${option.kind === "read" ? "read" : option.person.record_id}`}
                          id={optionId(index)}
                          option={option}
                          active={index === activeIndex}
                          subscriptionNames={subscriptionNames}
                          onChoose={() => {
                            choose(option);
                          }}
                          onHover={() => {
                            setActive(index);
                          }}
                        />
                      );
                    })}
                  </ul>
                </li>
              );
            })}
        </ul>
      </div>
    </div>
  );
}

const NO_CHANNELS: readonly SessionChannel[] = [];

/** Keeps the highlighted option in sight (jsdom, in tests, has no layout and no such method). */
function scrollIntoView(element: HTMLElement | null) {
  if (element && "scrollIntoView" in element) element.scrollIntoView({ block: "nearest" });
}

function modifiers(event: KeyboardEvent) {
  return {
    key: event.key,
    ctrlKey: event.ctrlKey,
    metaKey: event.metaKey,
    altKey: event.altKey,
    defaultPrevented: event.defaultPrevented,
  };
}
