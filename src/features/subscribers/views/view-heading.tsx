import { Trans } from "@lingui/react/macro";
import type { ViewItem } from "@/contract/views";

/** The sub-heading of the subscribers page when it shows a saved view: the view's name. */
export function ViewHeading({ view }: { view: ViewItem | undefined }) {
  if (!view) return null;
  const name = view.name;
  return (
    <p className="saved-view-heading">
      <Trans>
        View: <strong>{name}</strong>
      </Trans>
    </p>
  );
}
