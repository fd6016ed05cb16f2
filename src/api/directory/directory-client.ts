import type * as z from "@/contract/zod";
import type {
  DirectoryListQuery,
  DirectoryListResponse,
  DirectoryLookupResponse,
  DirectoryPersonResponse,
  DirectoryResolveResponse,
  DirectorySearchElsewhereResponse,
  DirectorySearchResponse,
  DirectoryStatus,
} from "@/contract/directory";
import type { FailureBody } from "@/contract/errors";
import { CSRF_HEADER } from "@/contract/session-constants";
import { ApiError, logText, type ApiErrorDetails, type DirectoryOperation } from "../api-error";
import { SCHEMAS_UNREACHABLE } from "../client";
import { contractSchemas, type ContractSchemas } from "../contract-schemas";
import { firstIssue } from "../issue-path";

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
  const doFetch = config.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const timeoutMs = config.timeoutMs ?? DIRECTORY_TIMEOUT_MS;

  async function send<Schema extends z.ZodType>(
    request: Send,
    pick: (schemas: ContractSchemas) => Schema,
  ): Promise<z.output<Schema>> {
    const fail = (details: Omit<ApiErrorDetails, "operation">) =>
      new ApiError({ operation: request.operation, ...details });
    // The schemas are a chunk of their own, outside the entry (src/api/contract-schemas.ts).
    let schemas: ContractSchemas;
    try {
      schemas = await contractSchemas();
    } catch (cause) {
      throw fail({ kind: "network", message: SCHEMAS_UNREACHABLE, cause });
    }
    const schema = pick(schemas);
    const { failureBody } = schemas;
    // Cancelled while the schemas loaded: nothing is sent.
    if (request.signal?.aborted) {
      throw fail({ kind: "aborted", message: "The request was cancelled." });
    }
    const timeout = AbortSignal.timeout(timeoutMs);
    const signal = request.signal ? AbortSignal.any([request.signal, timeout]) : timeout;
    const headers: Record<string, string> = { Accept: "application/json" };
    if (request.method !== "GET") {
      // The gateway refuses writes without it: a cross-site form cannot set a custom header.
      headers[CSRF_HEADER] = "1";
      if (request.body !== undefined) headers["Content-Type"] = "application/json";
    }

    let response: Response;
    let text: string;
    try {
      response = await doFetch(`${baseUrl}/directory/${request.path}${search(request.query)}`, {
        method: request.method,
        headers,
        body: request.body === undefined ? null : JSON.stringify(request.body),
        credentials: "same-origin",
        signal,
      });
      text = await response.text();
    } catch (cause) {
      if (request.signal?.aborted) {
        throw fail({ kind: "aborted", message: "The request was cancelled.", cause });
      }
      if (timeout.aborted) {
        throw fail({
          kind: "network",
          timeout: true,
          message: `No answer within ${String(Math.round(timeoutMs / 1000))} s.`,
          cause,
        });
      }
      throw fail({ kind: "network", message: "The server could not be reached.", cause });
    }

    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (cause) {
      if (!response.ok) throw httpError(response.status, undefined);
      throw fail({ kind: "contract", path: "", message: "The answer is not JSON.", cause });
    }
    const failure = failureBody.safeParse(body);
    if (!response.ok) throw httpError(response.status, failure.success ? failure.data : undefined);
    if (failure.success) {
      throw fail({
        kind: "service",
        code: failure.data.error_code,
        message: failure.data.error_message || "The server refused the request.",
        reason: failure.data.reason,
        details: failure.data.details,
      });
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) {
      const { path, message } = firstIssue(parsed.error.issues);
      throw fail({
        kind: "contract",
        path,
        message: `The answer does not match the contract: ${path ? `${path}: ` : ""}${message}`,
      });
    }
    return parsed.data;

    function httpError(status: number, refusal: FailureBody | undefined) {
      const fallback = logText`The server answered HTTP ${status}.`;
      if (!refusal) return fail({ kind: "http", status, message: fallback });
      return fail({
        kind: "http",
        status,
        code: refusal.error_code,
        message: refusal.error_message || fallback,
        reason: refusal.reason,
        details: refusal.details,
      });
    }
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
