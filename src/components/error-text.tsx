import { useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { isApiError } from "@/api/api-error";
import { isChunkLoadError } from "@/lib/chunk-error";
import { errorDetail } from "@/lib/error-detail";
import { withCatalogs } from "@/i18n/with-catalogs";

type ErrorTextModule = typeof import("@/api/error-text");

// The sentences for every failure (src/api/error-text.ts) are not part of the shell's first
// load: src/main.tsx fetches them once the shell has shown, and the first failure at the latest.
let loaded: ErrorTextModule | undefined;
let pending: Promise<ErrorTextModule> | undefined;

export function errorTextModule(): Promise<ErrorTextModule> {
  pending ??= withCatalogs("errors", () => import("@/api/error-text")).then(
    (module) => (loaded = module),
    (error: unknown) => {
      pending = undefined;
      throw error;
    },
  );
  return pending;
}

/**
 * A failure in one sentence of the person's language (`describeApiError`), for the parts of
 * the shell that load before any failure; pages that are chunks of their own call
 * `describeApiError` directly. Until the sentences arrive (rarely seen) it says only that
 * something went wrong.
 */
export function ErrorText({ error }: { error: unknown }) {
  const { t, i18n } = useLingui();
  const [, setReady] = useState(loaded !== undefined);
  useEffect(() => {
    if (loaded) return;
    errorTextModule().then(
      () => {
        setReady(true);
      },
      () => undefined,
    );
  }, []);
  return loaded ? loaded.describeApiError(error, i18n) : t`Something went wrong.`;
}

/**
 * What support may want to read, for errors that are not already in plain words: the English
 * technical words of an unexpected fault (never an address or a stack). The dashboard's own
 * errors and a page's code that could not be fetched are said in full by `ErrorText`.
 */
export function errorSupportDetail(error: unknown): string | undefined {
  if (isApiError(error) || isChunkLoadError(error)) return undefined;
  return errorDetail(error);
}
