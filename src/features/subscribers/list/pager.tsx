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
      <button type="button" className="button" disabled={!canGoBack} onClick={onFirst}>
        First page
      </button>
      <button type="button" className="button" disabled={!canGoBack} onClick={onPrevious}>
        Previous page
      </button>
      <span className="subscribers-page-number">Page {page}</span>
      <button type="button" className="button" disabled={!canGoForward} onClick={onNext}>
        Next page
      </button>
    </nav>
  );
}
