import type { ReactNode } from "react";

interface PagerProps {
  page: number;
  canGoBack: boolean;
  canGoForward: boolean;
  onFirst: () => void;
  onPrevious: () => void;
  onNext: () => void;
}

/** First, Previous and Next, with the page number; the total is not known to a cursor. */
export function Pager({ page, canGoBack, canGoForward, onFirst, onPrevious, onNext }: PagerProps) {
  return (
    <nav className="subscribers-pager" aria-label="Pages of subscribers">
      <PagerButton enabled={canGoBack} onClick={onFirst}>
        First page
      </PagerButton>
      <PagerButton enabled={canGoBack} onClick={onPrevious}>
        Previous page
      </PagerButton>
      <span className="subscribers-page-number">Page {page}</span>
      <PagerButton enabled={canGoForward} onClick={onNext}>
        Next page
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
