import { useId } from "react";
import { PAGE_SIZE_OPTIONS, type ViewMode } from "./subscribers-search";

interface ViewControlsProps {
  mode: ViewMode;
  pageSize: (typeof PAGE_SIZE_OPTIONS)[number];
  onModeChange: (mode: ViewMode) => void;
  onPageSizeChange: (size: (typeof PAGE_SIZE_OPTIONS)[number]) => void;
}

const MODES: readonly { value: ViewMode; label: string }[] = [
  { value: "pages", label: "Pages" },
  { value: "more", label: "Load more" },
];

/** "Show as" pages or one growing list, and how many rows each page brings. */
export function ViewControls({
  mode,
  pageSize,
  onModeChange,
  onPageSizeChange,
}: ViewControlsProps) {
  const sizeId = useId();
  const modeName = useId();
  return (
    <>
      <fieldset className="subscribers-mode">
        <legend>Show as</legend>
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
            {option.label}
          </label>
        ))}
      </fieldset>
      <div className="subscribers-size">
        <label htmlFor={sizeId}>Rows per page</label>
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
              {size}
            </option>
          ))}
        </select>
      </div>
    </>
  );
}
