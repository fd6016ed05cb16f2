import { Trans, useLingui } from "@lingui/react/macro";
import { lazy, Suspense, type ComponentProps } from "react";
import { ChunkBoundary } from "../chunk-boundary";
import type { ResolvePeople } from "./resolve-people";

// Fetched when a person first sends names to check, not with the bulk pages: their first load
// shows the form, and most runs are of ids (issue 15: the bulk set page in Russian was over
// its 150 kB with it).
const ResolvePeopleChunk = lazy(() =>
  import("./resolve-people").then((module) => ({ default: module.ResolvePeople })),
);

/** `ResolvePeople`, its code fetched as it is first shown; the form around it stays if that fails. */
export function LazyResolvePeople(props: ComponentProps<typeof ResolvePeople>) {
  const { t } = useLingui();
  return (
    <ChunkBoundary what={t`Could not look the names up in the directory.`}>
      <Suspense
        fallback={
          <section className="resolve-people card" aria-label={t`People to check`}>
            <p role="status" className="muted">
              <Trans>Looking the lines up in the directory…</Trans>
            </p>
          </section>
        }
      >
        <ResolvePeopleChunk {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
