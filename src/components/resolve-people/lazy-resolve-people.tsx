import { useLingui } from "@lingui/react/macro";
import { lazy, Suspense, type ComponentProps } from "react";
import { ChunkBoundary } from "../chunk-boundary";
import { LookupPending } from "./lookup-pending";
import type { ResolvePeople } from "./resolve-people";

// Fetched when a person first sends names to check, not with the bulk pages: their first load
// shows the form, and most runs are of ids (issue 15: the bulk set page in Russian was over
// its 150 kB with it).
const ResolvePeopleChunk = lazy(() =>
  import("./resolve-people").then((module) => ({ default: module.ResolvePeople })),
);

/**
 * `ResolvePeople`, its code fetched as it is first shown. If that fails, the form around it
 * stays with what was typed, and Back to the form ends the check as its Cancel would.
 */
export function LazyResolvePeople(props: ComponentProps<typeof ResolvePeople>) {
  const { t } = useLingui();
  return (
    <ChunkBoundary
      what={t`Could not look the names up in the directory.`}
      back={{ label: t`Back to the form`, onClick: props.onCancel }}
    >
      <Suspense fallback={<LookupPending codeLoading />}>
        <ResolvePeopleChunk {...props} />
      </Suspense>
    </ChunkBoundary>
  );
}
