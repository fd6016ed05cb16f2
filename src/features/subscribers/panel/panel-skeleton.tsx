import { Trans } from "@lingui/react/macro";

/** What the panel looks like while the record loads, so the page does not jump. */
export function PanelSkeleton() {
  return (
    <div aria-busy="true">
      <h1>
        <Trans>Subscriber</Trans>
      </h1>
      <p role="status" className="visually-hidden">
        <Trans>Loading the subscriber…</Trans>
      </p>
      <div className="card panel-head" aria-hidden="true">
        <div className="panel-identity">
          <span className="panel-photo skeleton" />
          <span className="skeleton skeleton-line panel-skeleton-name" />
        </div>
        <div className="panel-facts">
          {[1, 2, 3, 4].map((line) => (
            <span key={line} className="skeleton skeleton-line" />
          ))}
        </div>
      </div>
    </div>
  );
}
