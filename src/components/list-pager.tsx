import { Trans, useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { useFormat } from "@/i18n/use-format";
import "./list-pager.css";

interface ListPagerProps {
  /** Names the navigation: "Pages of delivery records". */
  label: string;
  page: number;
  canGoBack: boolean;
  canGoForward: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
  /** "of 12" when the total is known (offset paging); a cursor does not know it. */
  pageCount?: number | undefined;
  /** The page asked for is still loading (the previous one stays on screen meanwhile). */
  loading?: boolean;
}

/** First, Previous and Next, with the page number, for a list paged by the server. */
export function ListPager({
  label,
  page,
  canGoBack,
  canGoForward,
  onFirst,
  onPrevious,
  onNext,
  pageCount,
  loading = false,
}: ListPagerProps) {
  const { t } = useLingui();
  const format = useFormat();
  const number = format.number(page);
  const count = pageCount === undefined ? undefined : format.number(Math.max(1, pageCount));
  return (
    <nav className="list-pager" aria-label={label}>
      <PagerButton enabled={canGoBack} onClick={onFirst}>
        <Trans>First page</Trans>
      </PagerButton>
      <PagerButton enabled={canGoBack} onClick={onPrevious}>
        <Trans>Previous page</Trans>
      </PagerButton>
      <span className="list-pager-number" aria-live="polite">
        {count === undefined ? t`Page ${number}` : t`Page ${number} of ${count}`}
        {loading && ` ${t`(loading…)`}`}
      </span>
      <PagerButton enabled={canGoForward} onClick={onNext}>
        <Trans>Next page</Trans>
      </PagerButton>
    </nav>
  );
}

/**
 * `aria-disabled` rather than `disabled`: Next turns unavailable while the page it asked for
 * loads, and a truly disabled button would drop the keyboard user's focus to the page's start.
 */
function PagerButton({
  enabled,
  onClick,
  children,
}: {
  enabled: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="button"
      aria-disabled={enabled ? undefined : true}
      onClick={() => {
        if (enabled) onClick();
      }}
    >
      {children}
    </button>
  );
}
