import { Trans } from "@lingui/react/macro";
import { LoadingFrame } from "./loading-frame";

/** Shown while a page's chunk is fetched on the first visit. */
export function PageLoading() {
  return (
    <LoadingFrame>
      <Trans>Loading…</Trans>
    </LoadingFrame>
  );
}
