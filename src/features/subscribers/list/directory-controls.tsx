import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import { DIRECTORY_ORDERS, SEARCH_MAX, type DirectoryOrder } from "./subscribers-search";

const ORDER_LABELS: Record<DirectoryOrder, MessageDescriptor> = {
  "date-desc": msg`Newest first`,
  "date-asc": msg`Oldest first`,
  "name-asc": msg`By name, A–Z`,
  "name-desc": msg`By name, Z–A`,
};

/** A filter typed fast sends one request, not one per key. */
const FILTER_DELAY_MS = 300;

interface DirectoryControlsProps {
  order: DirectoryOrder;
  q: string;
  onOrderChange: (order: DirectoryOrder) => void;
  onFilterChange: (q: string) => void;
}

/** The directory's order and name filter, both kept in the URL. */
export function DirectoryControls({
  order,
  q,
  onOrderChange,
  onFilterChange,
}: DirectoryControlsProps) {
  const { t, i18n } = useLingui();
  const orderId = useId();
  const filterId = useId();
  const [text, setText] = useState(q);
  const [shownQ, setShownQ] = useState(q);
  // Back or a shared link changes the URL's filter: the field follows it.
  if (shownQ !== q) {
    setShownQ(q);
    setText(q);
  }
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => {
      onFilterChange(text.trim());
    }, FILTER_DELAY_MS);
    return () => {
      clearTimeout(timer);
    };
  }, [text, q, onFilterChange]);

  return (
    <>
      <div className="subscribers-size">
        <label htmlFor={orderId}>
          <Trans>Order</Trans>
        </label>
        <select
          id={orderId}
          value={order}
          onChange={(event) => {
            const chosen = DIRECTORY_ORDERS.find((value) => value === event.target.value);
            if (chosen) onOrderChange(chosen);
          }}
        >
          {DIRECTORY_ORDERS.map((value) => (
            <option key={value} value={value}>
              {i18n._(ORDER_LABELS[value])}
            </option>
          ))}
        </select>
      </div>
      <div className="subscribers-size subscribers-filter">
        <label htmlFor={filterId}>
          <Trans>Filter</Trans>
        </label>
        <input
          id={filterId}
          type="search"
          value={text}
          maxLength={SEARCH_MAX}
          placeholder={t`Name, user id or record id`}
          onChange={(event) => {
            setText(event.target.value);
          }}
        />
      </div>
    </>
  );
}
