import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { useFormat } from "@/i18n/use-format";
import { PAGE_SIZE_OPTIONS, type ViewMode } from "./subscribers-search";

interface ViewControlsProps {
  mode: ViewMode;
  pageSize: (typeof PAGE_SIZE_OPTIONS)[number];
  onModeChange: (mode: ViewMode) => void;
  onPageSizeChange: (size: (typeof PAGE_SIZE_OPTIONS)[number]) => void;
  /** Load-more is the API's pages only; the directory's list is paged. */
  showMode?: boolean;
}

const MODES: readonly { value: ViewMode; label: MessageDescriptor }[] = [
  { value: "pages", label: msg({ message: "Pages", context: "list view mode" }) },
  { value: "more", label: msg({ message: "Load more", context: "list view mode" }) },
];

/** "Show as" pages or one growing list, and how many rows each page brings. */
export function ViewControls({
  mode,
  pageSize,
  onModeChange,
  onPageSizeChange,
  showMode = true,
}: ViewControlsProps) {
  const { i18n } = useLingui();
  const format = useFormat();
  const sizeId = useId();
  const modeName = useId();
  return (
    <>
      {showMode && (
        <fieldset className="subscribers-mode">
          <legend>
            <Trans>Show as</Trans>
          </legend>
          {MODES.map((option) => (
            <label key={option.value}>
              <input
                type="radio"
                name={modeName}
                value={option.value}
                checked={mode === option.value}
                onChange={() => {
                  onModeChange(option.value);
                }}
              />
              {i18n._(option.label)}
            </label>
          ))}
        </fieldset>
      )}
      <div className="subscribers-size">
        <label htmlFor={sizeId}>
          <Trans>Rows per page</Trans>
        </label>
        <select
          id={sizeId}
          value={pageSize}
          onChange={(event) => {
            const size = PAGE_SIZE_OPTIONS.find((option) => option === event.target.value);
            if (size) onPageSizeChange(size);
          }}
        >
          {PAGE_SIZE_OPTIONS.map((size) => (
            <option key={size} value={size}>
              {format.number(Number(size))}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
