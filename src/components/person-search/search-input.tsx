import { useLingui } from "@lingui/react/macro";
import SearchIcon from "lucide/dist/esm/icons/search.mjs";
import type { InputHTMLAttributes, Ref } from "react";
import { Icon } from "@/components/icon";

type InputEvents = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "onChange" | "onFocus" | "onBlur" | "onKeyDown" | "aria-controls" | "aria-activedescendant"
>;

export interface SearchInputProps extends InputEvents {
  id: string;
  inputRef: Ref<HTMLInputElement>;
  value: string;
  expanded: boolean;
  /** The header's box says how to come back to it with `/`; a page's own box does not. */
  withHint: boolean;
}

/**
 * The field of "Find a person…", drawn by both the header's stand-in (header-person-search.tsx,
 * in the entry) and the combobox once its code has loaded (person-search.tsx): one markup, so
 * the swap never moves or restyles the field and the two cannot drift apart.
 */
export function SearchInput({
  id,
  inputRef,
  value,
  expanded,
  withHint,
  ...events
}: SearchInputProps) {
  const { t } = useLingui();
  const hintId = `${id}-hint`;
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {t`Find a person`}
      </label>
      <Icon icon={SearchIcon} size={16} className="person-search-icon" />
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        className="person-search-input"
        placeholder={t`Find a person…`}
        autoComplete="off"
        spellCheck="false"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-describedby={withHint ? hintId : undefined}
        value={value}
        {...events}
      />
      {withHint && (
        <span id={hintId} className="visually-hidden">
          {t`Name, user id or profile link. Press / to come back here.`}
        </span>
      )}
    </>
  );
}
