import { isApiError } from "@/api/api-error";
import { isChunkLoadError } from "@/lib/chunk-error";
import { errorDetail } from "@/lib/error-detail";

/**
 * A failure in words for people. The dashboard's own errors (ApiError) carry sentences written
 * for them, or the service's words; anything else is a fault of the app, told in a sentence,
 * its technical words kept for `errorSupportDetail`.
 */
export function errorText(error: unknown): string {
  if (isApiError(error)) {
    if (error.status === 403) return `Not allowed for your role or channel: ${error.message}`;
    return error.message;
  }
  if (isChunkLoadError(error)) {
    return "Part of Channel Desk could not be loaded from the server, most likely because the connection dropped.";
  }
  return "Something unexpected went wrong in Channel Desk.";
}

/** What support may want to read, for errors that are not already in plain words. */
export function errorSupportDetail(error: unknown): string | undefined {
  if (isApiError(error) || isChunkLoadError(error)) return undefined;
  return errorDetail(error);
}
