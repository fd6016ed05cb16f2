import { browserFetch } from "@/boot/early-fetch";
import type * as z from "@/contract/zod";
import type {
  DirectoryCountResponse,
  DirectoryListQuery,
  DirectoryListResponse,
  DirectoryLookupResponse,
  DirectoryPersonResponse,
  DirectoryResolveResponse,
  DirectorySearchElsewhereResponse,
  DirectorySearchResponse,
  DirectoryStatus,
} from "@/contract/directory";
import type { SegmentFilters } from "@/contract/subscriber-filters";
import { CSRF_HEADER } from "@/contract/session-constants";
import type { DirectoryOperation } from "../api-error";
import type { ContractSchemas } from "../contract-schemas";
import { exchange, failFor, readAnswer, sendWithSchemas } from "../exchange";

/** A search answers as you type: a slow one is not worth waiting for as long as a write. */
export const DIRECTORY_TIMEOUT_MS = 15_000;

export interface DirectoryClientConfig {
  /** Origin of the gateway; empty in the browser (same origin). */
  baseUrl?: string;
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
}

export interface DirectoryCallOptions {
  signal?: AbortSignal | undefined;
}

export interface DirectorySearchParams {
  q: string;
  cursor?: string | undefined;
  limit?: number | undefined;
}

export type DirectoryListParams = Partial<DirectoryListQuery>;

/**
 * The gateway's subscriber directory (`/directory/<group_id>/…`, src/contract/directory.ts):
 * one function per endpoint. Like the `/api` client, every answer is parsed by the contract and
 * every failure is an ApiError (`reason`/`details` from the gateway's refusal body), so
 * describeApiError words it.
 */
export interface DirectoryApi {
  status: (groupId: number, options?: DirectoryCallOptions) => Promise<DirectoryStatus>;
  search: (
    groupId: number,
    params: DirectorySearchParams,
    options?: DirectoryCallOptions,
  ) => Promise<DirectorySearchResponse>;
  /** The search in the account's other channels (`except`: the one searched already). */
  searchElsewhere: (
    except: number,
    q: string,
    options?: DirectoryCallOptions,
  ) => Promise<DirectorySearchElsewhereResponse>;
  people: (
    groupId: number,
    params: DirectoryListParams,
    options?: DirectoryCallOptions,
  ) => Promise<DirectoryListResponse>;
  /** One person; `read` asks the API for a person the directory does not hold yet. */
  person: (
    groupId: number,
    userId: number,
    params?: { read?: boolean },
    options?: DirectoryCallOptions,
  ) => Promise<DirectoryPersonResponse>;
  lookup: (
    groupId: number,
    userIds: readonly number[],
    options?: DirectoryCallOptions,
  ) => Promise<DirectoryLookupResponse>;
  resolve: (
    groupId: number,
    lines: readonly string[],
    options?: DirectoryCallOptions,
  ) => Promise<DirectoryResolveResponse>;
  /** A segment's size, when every filter is one the directory keeps (directory-count-rule.ts). */
  count: (
    groupId: number,
    filters: SegmentFilters,
    options?: DirectoryCallOptions,
  ) => Promise<DirectoryCountResponse>;
  /** Administrators: start a full pass now. */
  refresh: (groupId: number) => Promise<DirectoryStatus>;
  /** Administrators: delete the channel's directory (it is read again from the start). */
  wipe: (groupId: number) => Promise<DirectoryStatus>;
}

interface Send {
  operation: DirectoryOperation;
  method: "GET" | "POST" | "DELETE";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  signal?: AbortSignal | undefined;
}

export function createDirectoryApi(config: DirectoryClientConfig = {}): DirectoryApi {
  const baseUrl = config.baseUrl ?? "";
  const doFetch = config.fetch ?? browserFetch;
  const timeoutMs = config.timeoutMs ?? DIRECTORY_TIMEOUT_MS;

  async function send<Schema extends z.ZodMiniType>(
    request: Send,
    pick: (schemas: ContractSchemas) => Schema,
  ): Promise<z.output<Schema>> {
    const fail = failFor(request.operation);
    const headers: Record<string, string> = { Accept: "application/json" };
    if (request.method !== "GET") {
      // The gateway refuses writes without it: a cross-site form cannot set a custom header.
      headers[CSRF_HEADER] = "1";
      if (request.body !== undefined) headers["Content-Type"] = "application/json";
    }
    const sendNow = () =>
      exchange(
        `${baseUrl}/directory/${request.path}${search(request.query)}`,
        {
          method: request.method,
          headers,
          body: request.body === undefined ? null : JSON.stringify(request.body),
        },
        { fetch: doFetch, signal: request.signal, timeoutMs, fail },
      );
    const { schemas, answer } = await sendWithSchemas(
      request.method === "GET",
      sendNow,
      fail,
      request.signal,
    );
    return readAnswer(answer, pick(schemas), { failureBody: schemas.failureBody, fail });
  }

  const group = (groupId: number) => String(groupId);

  return {
    async status(groupId, options = {}) {
      const answer = await send(
        {
          operation: "directory/status",
          method: "GET",
          path: `${group(groupId)}/status`,
          signal: options.signal,
        },
        (schemas) => schemas.directoryStatusResponse,
      );
      return answer.status;
    },
    search: (groupId, params, options = {}) =>
      send(
        {
          operation: "directory/search",
          method: "GET",
          path: `${group(groupId)}/search`,
          query: { q: params.q, cursor: params.cursor, limit: params.limit },
          signal: options.signal,
        },
        (schemas) => schemas.directorySearchResponse,
      ),
    searchElsewhere: (except, q, options = {}) =>
      send(
        {
          operation: "directory/search-elsewhere",
          method: "GET",
          path: "search",
          query: { q, except },
          signal: options.signal,
        },
        (schemas) => schemas.directorySearchElsewhereResponse,
      ),
    people: (groupId, params, options = {}) =>
      send(
        {
          operation: "directory/people",
          method: "GET",
          path: `${group(groupId)}/people`,
          query: { ...params },
          signal: options.signal,
        },
        (schemas) => schemas.directoryListResponse,
      ),
    person: (groupId, userId, params = {}, options = {}) =>
      send(
        {
          operation: "directory/person",
          method: "GET",
          path: `${group(groupId)}/people/${String(userId)}`,
          query: { read: params.read ? 1 : undefined },
          signal: options.signal,
        },
        (schemas) => schemas.directoryPersonResponse,
      ),
    lookup: (groupId, userIds, options = {}) =>
      send(
        {
          operation: "directory/lookup",
          method: "POST",
          path: `${group(groupId)}/lookup`,
          body: { user_ids: [...userIds] },
          signal: options.signal,
        },
        (schemas) => schemas.directoryLookupResponse,
      ),
    resolve: (groupId, lines, options = {}) =>
      send(
        {
          operation: "directory/resolve",
          method: "POST",
          path: `${group(groupId)}/resolve`,
          body: { lines: [...lines] },
          signal: options.signal,
        },
        (schemas) => schemas.directoryResolveResponse,
      ),
    count: (groupId, filters, options = {}) =>
      send(
        {
          operation: "directory/count",
          method: "POST",
          path: `${group(groupId)}/count`,
          body: { filters },
          signal: options.signal,
        },
        (schemas) => schemas.directoryCountResponse,
      ),
    async refresh(groupId) {
      const answer = await send(
        { operation: "directory/refresh", method: "POST", path: `${group(groupId)}/refresh` },
        (schemas) => schemas.directoryStatusResponse,
      );
      return answer.status;
    },
    async wipe(groupId) {
      const answer = await send(
        { operation: "directory/wipe", method: "DELETE", path: group(groupId) },
        (schemas) => schemas.directoryStatusResponse,
      );
      return answer.status;
    },
  };
}

/** `?a=1&b=x`, leaving out what is undefined or empty. */
function search(query: Send["query"]): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== "") params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** The browser's: same origin, through the gateway. */
export const browserDirectory: DirectoryApi = createDirectoryApi();
