import { Trans, useLingui } from "@lingui/react/macro";
import { Suspense, use } from "react";

type ErrorTextModule = typeof import("@/api/error-text");

// The sentences for every failure (src/api/error-text.ts) load with the first failure shown,
// not with the shell: the first load of every page stays without them.
let module: Promise<ErrorTextModule> | undefined;
/** Also called once the shell has shown, so the sentences are there before a failure is. */
export function errorTextModule(): Promise<ErrorTextModule> {
  module ??= import("@/api/error-text").catch((error: unknown) => {
    module = undefined;
    throw error;
  });
  return module;
}

function Sentence({ error }: { error: unknown }) {
  const { i18n } = useLingui();
  const { describeApiError } = use(errorTextModule());
  return describeApiError(error, i18n);
}

/**
 * A failure in one sentence of the person's language (`describeApiError`), for the parts of
 * the shell that load before any failure; pages that are chunks of their own call
 * `describeApiError` directly.
 */
export function ErrorText({ error }: { error: unknown }) {
  return (
    <Suspense fallback={<Trans>Something went wrong.</Trans>}>
      <Sentence error={error} />
    </Suspense>
  );
}
