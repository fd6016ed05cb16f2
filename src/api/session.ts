import { browserFetch } from "@/boot/early-fetch";
import { queryOptions } from "@tanstack/react-query";
import type * as z from "@/contract/zod";
import type { loginRequest, LocaleRequest, SessionResponse } from "@/contract/session";
import { CSRF_HEADER, SESSION_PROBE_HEADER } from "@/contract/session-constants";
import type { ApiError, ApiErrorDetails, AuthOperation } from "./api-error";
import { DEFAULT_TIMEOUT_MS, type ClientConfig } from "./client";
import type { ContractSchemas } from "./contract-schemas";
import {
  exchange,
  failFor,
  parseJson,
  readAnswer,
  refusalOf,
  schemasOrFail,
  type Answer,
} from "./exchange";
import { firstIssue } from "./issue-path";
import { sessionKeys } from "./query-keys";

export interface SessionCallOptions {
  signal?: AbortSignal | undefined;
}

/** The gateway's `/auth` endpoints: who is signed in, sign in, sign out. */
export interface SessionApi {
  /**
   * The signed-in person, or `null` when nobody is: the gateway says so with a 200 answer to
   * the app's probe (SESSION_PROBE_HEADER), or with a 401 (one that predates the probe).
   */
  getSession: (options?: SessionCallOptions) => Promise<SessionResponse | null>;
  login: (credentials: z.input<typeof loginRequest>) => Promise<SessionResponse>;
  /** Ends the session; a session that had already ended counts as ended. */
  logout: () => Promise<void>;
  /**
   * Whether the gateway answers at all, for the connection's probes: `GET /auth/session`,
   * whose 200 and 401 both say it does (anything else, a proxy's 502 say, does not).
   */
  reachable: () => Promise<boolean>;
  /**
   * Remembers the interface language for the signed-in account (`POST /auth/locale`). Only for
   * a gateway whose session answer carries `locale`: the others have no such endpoint.
   */
  saveLocale: (request: LocaleRequest) => Promise<void>;
}

/** A probe waits no longer than this: the next one follows anyway. */
const PROBE_TIMEOUT_MS = 10_000;

/** Like `createClient`: every answer is parsed by the contract, every failure is an ApiError. */
export function createSessionApi(config: ClientConfig = {}): SessionApi {
  const baseUrl = config.baseUrl ?? "";
  const doFetch = config.fetch ?? browserFetch;
  const timeoutMs = config.timeoutMs ?? DEFAULT_TIMEOUT_MS;

  function send(
    operation: AuthOperation,
    init: {
      method: "GET" | "POST";
      body?: unknown;
      signal?: AbortSignal | undefined;
      headers?: Record<string, string>;
    },
  ): Promise<Answer> {
    const headers: Record<string, string> = { Accept: "application/json", ...init.headers };
    if (init.method === "POST") {
      // The gateway refuses POSTs without it: a cross-site form cannot set a custom header.
      headers[CSRF_HEADER] = "1";
      if (init.body !== undefined) headers["Content-Type"] = "application/json";
    }
    return exchange(
      `${baseUrl}/${operation}`,
      {
        method: init.method,
        headers,
        body: init.body === undefined ? null : JSON.stringify(init.body),
      },
      { fetch: doFetch, signal: init.signal, timeoutMs, fail: failFor(operation) },
    );
  }

  return {
    async getSession(options = {}) {
      const answer = await send("auth/session", {
        method: "GET",
        signal: options.signal,
        headers: { [SESSION_PROBE_HEADER]: "1" },
      });
      if (answer.status === 401) return null;
      const schemas = await schemasFor("auth/session");
      if (answer.ok && isSignedOutAnswer(answer.text, schemas)) return null;
      return readSession("auth/session", answer, schemas);
    },

    async login(credentials) {
      const schemas = await schemasFor("auth/login");
      const request = schemas.loginRequest.safeParse(credentials);
      if (!request.success) {
        const { path, message } = firstIssue(request.error.issues);
        throw fail("auth/login", { kind: "request", path, message });
      }
      const answer = await send("auth/login", { method: "POST", body: request.data });
      return readSession("auth/login", answer, schemas);
    },

    async logout() {
      const answer = await send("auth/logout", { method: "POST" });
      if (answer.ok || answer.status === 401) return;
      throw refusal("auth/logout", answer, await schemasFor("auth/logout"));
    },

    async reachable() {
      try {
        const response = await doFetch(`${baseUrl}/auth/session`, {
          method: "GET",
          headers: { Accept: "application/json", [SESSION_PROBE_HEADER]: "1" },
          credentials: "same-origin",
          cache: "no-store",
          signal: AbortSignal.timeout(Math.min(timeoutMs, PROBE_TIMEOUT_MS)),
        });
        await response.body?.cancel();
        return response.status === 200 || response.status === 401;
      } catch {
        return false;
      }
    },

    async saveLocale(body) {
      // `body` is typed by the contract's localeRequest; the gateway checks it again.
      const answer = await send("auth/locale", { method: "POST", body });
      if (!answer.ok) throw refusal("auth/locale", answer, await schemasFor("auth/locale"));
    },
  };
}

function fail(operation: AuthOperation, details: Omit<ApiErrorDetails, "operation">): ApiError {
  return failFor(operation)(details);
}

/** The contract's schemas; when their chunk cannot be fetched, a network failure of the call. */
function schemasFor(operation: AuthOperation): Promise<ContractSchemas> {
  return schemasOrFail(failFor(operation));
}

function readSession(
  operation: AuthOperation,
  answer: Answer,
  { failureBody, sessionResponse }: ContractSchemas,
): SessionResponse {
  return readAnswer(answer, sessionResponse, { failureBody, fail: failFor(operation) });
}

/** A non-2xx answer: the gateway's own words when it sent its refusal body. */
function refusal(
  operation: AuthOperation,
  answer: Answer,
  { failureBody }: Pick<ContractSchemas, "failureBody">,
): ApiError {
  return refusalOf(answer, { failureBody, fail: failFor(operation) });
}

function isSignedOutAnswer(text: string, { signedOutAnswer }: ContractSchemas): boolean {
  const body = parseJson(text);
  return body !== undefined && signedOutAnswer.safeParse(body.value).success;
}

/** The signed-in person (`null`: nobody). Refetched when the window regains focus, so an
 * ended session is noticed on return rather than at the next click. */
export function sessionQuery(api: SessionApi) {
  return queryOptions({
    queryKey: sessionKeys.current,
    queryFn: ({ signal }) => api.getSession({ signal }),
  });
}
