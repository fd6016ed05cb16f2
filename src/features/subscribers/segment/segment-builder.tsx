import { Trans, useLingui } from "@lingui/react/macro";
import X from "lucide/dist/esm/icons/x.mjs";
import { lazy, memo, Suspense, useEffect, useMemo, useRef, useState } from "react";
import { ChunkBoundary } from "@/components/chunk-boundary";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { segmentChips, withoutChip } from "./segment-chips";
import { useSegmentLookups } from "./segment-lookups";
import { wantedLookups } from "./wanted-lookups";
import { Icon } from "@/components/icon";

// "Add a filter"'s form and its pickers are fetched when first wanted (the button hovered,
// focused or pressed), not with the list: the first screen shows the chips only (issue 15).
const loadAddFilterForm = () => import("./add-filter-form");
const AddFilterForm = lazy(() =>
  loadAddFilterForm().then((module) => ({ default: module.AddFilterForm })),
);

interface SegmentBuilderProps {
  groupId: number;
  timeZone: string;
  userIdField: "tg_user_id" | "vk_user_id" | undefined;
  filters: SegmentFilters;
  /** Keys of the link's filters that could not be read (unreadSegmentKeys): left out. */
  unread?: readonly string[];
  onChange: (filters: SegmentFilters) => void;
}

/**
 * The segment's filters as removable chips in words ("did not read: “Friday mailing”"), all
 * combined with AND, with "Add a filter" and "Clear all". After a chip is removed the keyboard
 * stays in the row of chips (the next chip, else the previous, else "Add a filter").
 */
export const SegmentBuilder = memo(function SegmentBuilder({
  groupId,
  timeZone,
  userIdField,
  filters,
  unread = [],
  onChange,
}: SegmentBuilderProps) {
  const { t, i18n } = useLingui();
  const [adding, setAdding] = useState(false);
  // Hovering or focusing "Add a filter" starts the pickers' lists, as it starts the form's code.
  const [aboutToAdd, setAboutToAdd] = useState(false);
  const lookups = useSegmentLookups(
    groupId,
    timeZone,
    filters.bot_id,
    wantedLookups(filters, adding || aboutToAdd),
  );
  const chips = useMemo(
    () => segmentChips(filters, lookups.names, i18n, timeZone),
    // `i18n` is one object in every language: the chips are written again when it changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [filters, lookups.names, i18n, i18n.locale, timeZone],
  );
  // The address's own keys (subscription_id, date_first…): what the person sees in the link.
  const unreadKeys = unread.join(", ");
  const addButton = useRef<HTMLButtonElement>(null);
  const removeButtons = useRef(new Map<string, HTMLButtonElement>());
  // A chip's id, or "add" for the "Add a filter" button (no chip's id is "add").
  const focusNext = useRef<string | null>(null);

  const preload = () => {
    void loadAddFilterForm();
    setAboutToAdd(true);
  };

  useEffect(() => {
    const target = focusNext.current;
    if (target === null) return;
    focusNext.current = null;
    if (target === "add") addButton.current?.focus();
    else removeButtons.current.get(target)?.focus();
  });

  return (
    <section className="segment" aria-label={t`Filters`}>
      {unread.length > 0 && (
        <div role="status" className="notice notice-warning segment-unread">
          <span>
            <Trans>
              Some filters of this link could not be read and are left out: {unreadKeys}. The list
              and any action on it cover more people than the link meant.
            </Trans>
          </span>
          <button
            type="button"
            className="button"
            onClick={() => {
              // Writing the filters that were read drops the unread ones from the address.
              onChange(filters);
            }}
          >
            <Trans>Remove them from the link</Trans>
          </button>
        </div>
      )}
      {chips.length > 0 && (
        <ul className="segment-chips" aria-label={t`Filters, all of them apply`}>
          {chips.map((chip, index) => {
            const text = chip.text;
            return (
              <li key={chip.id} className="segment-chip">
                <span>{text}</span>
                <button
                  type="button"
                  className="segment-chip-remove"
                  aria-label={t`Remove the filter: ${text}`}
                  title={t`Remove the filter`}
                  ref={(element) => {
                    if (element) removeButtons.current.set(chip.id, element);
                    else removeButtons.current.delete(chip.id);
                  }}
                  onClick={() => {
                    const neighbour = chips[index + 1] ?? chips[index - 1];
                    focusNext.current = neighbour ? neighbour.id : "add";
                    onChange(withoutChip(filters, chip));
                  }}
                >
                  <Icon icon={X} size={14} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <div className="segment-buttons">
        <button
          ref={addButton}
          type="button"
          className="button"
          aria-expanded={adding}
          onPointerEnter={preload}
          onFocus={preload}
          onClick={() => {
            setAdding(!adding);
          }}
        >
          <Trans>Add a filter</Trans>
        </button>
        {chips.length > 0 && (
          <button
            type="button"
            className="button"
            onClick={() => {
              focusNext.current = "add";
              onChange({});
            }}
          >
            <Trans>Clear all</Trans>
          </button>
        )}
      </div>
      {adding && (
        <ChunkBoundary what={t`This form could not be loaded.`}>
          <Suspense fallback={null}>
            <AddFilterForm
              filters={filters}
              lookups={lookups}
              groupId={groupId}
              timeZone={timeZone}
              userIdField={userIdField}
              onAdd={(next) => {
                setAdding(false);
                focusNext.current = "add";
                onChange(next);
              }}
              onCancel={() => {
                setAdding(false);
                focusNext.current = "add";
              }}
            />
          </Suspense>
        </ChunkBoundary>
      )}
    </section>
  );
});
