import { type ComponentType, useId, useLayoutEffect, useRef, useState } from "react";
import type { SessionChannel } from "@/contract/session";
import { slashFocusesSearch } from "@/lib/person-search";
import type { PersonSearchProps } from "./person-search";
import { SearchInput } from "./search-input";
import "./person-search.css";
import { withCatalogs } from "@/i18n/with-catalogs";

type Search = ComponentType<PersonSearchProps>;

const NO_CHANNELS: readonly SessionChannel[] = [];

/** The combobox's code once fetched: a header drawn again (another channel) shows it at once. */
let loaded: Search | undefined;
let loading: Promise<Search> | undefined;

/**
 * The combobox's code with its words, fetched once for every place that shows it (the header,
 * and the person page of someone not found).
 */
export function loadPersonSearch(): Promise<Search> {
  loading ??= withCatalogs(["people", "errors"], () => import("./person-search")).then(
    (module) => (loaded = module.PersonSearch),
    (error: unknown) => {
      // Offline or a new deployment: the next focus tries again.
      loading = undefined;
      throw error;
    },
  );
  return loading;
}

/** When the browser has nothing else to do (jsdom and Safari have no requestIdleCallback). */
function whenIdle(run: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(run, { timeout: 3000 });
    return () => {
      window.cancelIdleCallback(handle);
    };
  }
  const handle = window.setTimeout(run, 200);
  return () => {
    window.clearTimeout(handle);
  };
}

/**
 * The header's person search without its weight in the entry (issue 15: the combobox, its
 * queries and texts are about 5 kB gzip): the header paints the same field at once, and the
 * combobox's code is fetched once the browser is idle after the first paint, or at once when
 * the field takes the focus (a click, Tab, or `/`). What was typed meanwhile and the focus
 * move over to it.
 */
export function HeaderPersonSearch({
  channel,
  otherChannels = NO_CHANNELS,
}: {
  channel: SessionChannel;
  otherChannels?: readonly SessionChannel[];
}) {
  const [search, setSearch] = useState<{ Search: Search; focus: boolean } | undefined>(() =>
    loaded ? { Search: loaded, focus: false } : undefined,
  );
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  // Whether the painted field holds the focus now: the combobox takes it over when it is drawn
  // (the code may have arrived just before someone clicked and typed here).
  const [focused, setFocused] = useState(false);
  const id = useId();

  const start = () => {
    void loadPersonSearch().then(
      (Search) => {
        // Called by the idle start and by a focus alike: the first to arrive decides, while
        // the painted field is still there to say whether it holds the focus.
        const focus = document.activeElement === inputRef.current;
        setSearch((shown) => shown ?? { Search, focus });
      },
      () => undefined,
    );
  };

  // At commit, not after the paint: a `/` pressed as the header first appears (a move to a
  // channel's page renders it in a transition) is not lost between the two.
  useLayoutEffect(() => {
    if (search) return;
    const cancel = whenIdle(start);
    const onKey = (event: KeyboardEvent) => {
      const target = event.target instanceof HTMLElement ? event.target : null;
      const { key, ctrlKey, metaKey, altKey, defaultPrevented } = event;
      if (!slashFocusesSearch({ key, ctrlKey, metaKey, altKey, defaultPrevented, target })) {
        return;
      }
      event.preventDefault();
      inputRef.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      cancel();
      document.removeEventListener("keydown", onKey);
    };
  }, [search]);

  if (search) {
    return (
      <search.Search
        channel={channel}
        otherChannels={otherChannels}
        initialText={text}
        focusOnMount={search.focus || focused}
      />
    );
  }
  return (
    <div className="person-search person-search-header">
      <SearchInput
        id={id}
        inputRef={inputRef}
        value={text}
        expanded={false}
        withHint
        onChange={(event) => {
          setText(event.target.value);
        }}
        onFocus={() => {
          setFocused(true);
          start();
        }}
        onBlur={() => {
          setFocused(false);
        }}
      />
    </div>
  );
}
