import { isChunkLoadError } from "@/lib/chunk-error";
import { isApiError } from "./api-error";

/**
 * The server did not answer: no response at all (refused, reset, offline, the time limit), a
 * proxy in front of the gateway answering 502/503/504 for it (the gateway's own 502/503 carry
 * its failure body, hence a `code`), or a page's code that could not be fetched.
 */
export function isNoAnswer(error: unknown): boolean {
  if (isChunkLoadError(error)) return true;
  if (!isApiError(error)) return false;
  if (error.kind === "network") return true;
  const status = error.status ?? 0;
  return error.kind === "http" && status >= 502 && status <= 504 && error.code === undefined;
}

/** The server answered, whatever it said: the connection works. */
export function isAnswer(error: unknown): boolean {
  if (!isApiError(error) || isNoAnswer(error)) return false;
  return error.kind === "http" || error.kind === "service" || error.kind === "contract";
}
