import { Trans } from "@lingui/react/macro";

/** Shown while a page's chunk is fetched on the first visit. */
export function PageLoading() {
  return (
    <p role="status" className="page-loading">
      <Trans>Loading…</Trans>
    </p>
  );
}
