import type { UserIdField } from "../../../src/contract/common";
import { subscriber } from "../../../src/contract/entities";
import { ErrorCode } from "../../../src/contract/errors";
import { JOB_PAGE_SIZE, jobOperation } from "../../../src/contract/job-kinds";
import type { JobAction } from "../../../src/contract/jobs";
import type { OperationId } from "../../../src/contract/operations";
import type { SegmentFilters } from "../../../src/contract/subscriber-filters";
import type { GatewayChannel } from "../channels";
import type { QueueRegistry } from "../queue";
import type { PersonRef } from "../store/jobs";

/** The outcome of one person's write. `unknown`: no answer, so it may or may not have landed. */
export type WriteOutcome =
  | { kind: "done" }
  | { kind: "failed"; error: string }
  | { kind: "gone" }
  | { kind: "limited" }
  | { kind: "unknown"; error: string };

/** What a read found of a write made before a restart. */
export type CheckOutcome = "done" | "not-done" | "gone";

export interface SegmentPage {
  people: PersonRef[];
  cursor: string;
  last: boolean;
}

/**
 * Refusals that may pass if the call is made again later: an unknown error, too many calls,
 * or the channel's token (the operator can fix it). Any other refusal is about the call's own
 * fields (a filter the channel cannot take, an unknown group or bot), and would come again.
 */
const TRANSIENT_CODES: ReadonlySet<number> = new Set([
  ErrorCode.Unknown,
  ErrorCode.TooManyRequests,
  ErrorCode.TokenNotFound,
  ErrorCode.InvalidToken,
]);

/** The service could not be asked (no answer, an HTTP error, a refusal of a read). */
export class JobCallError extends Error {
  override name = "JobCallError";
  constructor(
    message: string,
    /** The service's error code, when it refused. */
    readonly code?: number,
  ) {
    super(message);
  }

  /** The service refused the call itself: asking again would get the same answer. */
  get permanent(): boolean {
    return this.code !== undefined && !TRANSIENT_CODES.has(this.code);
  }
}

interface Failure {
  success: false;
  error_code: number;
  error_message: string;
}

function failureOf(body: unknown): Failure | undefined {
  if (typeof body !== "object" || body === null) return undefined;
  const answer = body as Record<string, unknown>;
  if (answer.success === true) return undefined;
  return {
    success: false,
    error_code: typeof answer.error_code === "number" ? answer.error_code : 0,
    error_message: typeof answer.error_message === "string" ? answer.error_message : "",
  };
}

const describe = (failure: Failure) =>
  `error ${String(failure.error_code)}${failure.error_message === "" ? "" : `: ${failure.error_message}`}`;

/** The fields of one person's write. */
function writeFields(action: JobAction, field: UserIdField, userId: number) {
  const person = { [field]: userId };
  switch (action.kind) {
    case "subscription-add":
    case "subscription-del":
      return { ...person, subscription_id: action.subscription_id };
    case "var-set":
      return { ...person, name: action.name, value: action.value };
    case "var-del":
      return { ...person, name: action.name };
    case "bot-start":
      return {
        ...person,
        bot_id: action.bot_id,
        ...(action.step_id === undefined ? {} : { step_id: action.step_id }),
      };
    case "bot-stop":
      return { ...person, bot_id: action.bot_id };
  }
}

/**
 * A job's calls to one channel, every one through the channel's queue in the background lane:
 * a person's own calls go first, and jobs with the directory's sync share the background part
 * of the rate limit. Reads may be dropped by `signal` while they wait; writes never are, so
 * "stop" always means "after the writes under way".
 */
export class JobCalls {
  constructor(
    private readonly channel: GatewayChannel,
    private readonly queues: QueueRegistry,
    private readonly field: UserIdField,
    private readonly signal: AbortSignal,
  ) {}

  /** How many writes may be under way at once: the background lane's places, at most 10. */
  get parallel(): number {
    return Math.max(1, Math.min(10, this.queues.for(this.channel.queueKey).backgroundLimit));
  }

  private async send(
    operation: OperationId,
    fields: Record<string, unknown>,
    signal: AbortSignal | undefined,
  ): Promise<unknown> {
    const answer = await this.queues.for(this.channel.queueKey).run(
      () => this.channel.backend.send(operation, { ...fields, ...this.channel.commonFields() }),
      (result) => failureOf(result.body)?.error_code === ErrorCode.TooManyRequests,
      signal,
      { background: true },
    );
    if (answer.status !== 200) {
      throw new JobCallError(
        `${this.channel.backend.description} answered HTTP ${String(answer.status)}`,
      );
    }
    return answer.body;
  }

  /** A read that must succeed: a refusal is a JobCallError. */
  private async read(operation: OperationId, fields: Record<string, unknown>): Promise<unknown> {
    const body = await this.send(operation, fields, this.signal);
    const failure = failureOf(body);
    if (failure) {
      throw new JobCallError(`${operation}: ${describe(failure)}`, failure.error_code);
    }
    return body;
  }

  async page(filters: SegmentFilters, cursor: string): Promise<SegmentPage> {
    const body = (await this.read("subscribers/get", {
      ...filters,
      count: JOB_PAGE_SIZE,
      ...(cursor === "" ? {} : { offset_id: cursor }),
    })) as { items?: unknown; offset_id?: unknown };
    const items = Array.isArray(body.items) ? (body.items as unknown[]) : [];
    const people: PersonRef[] = [];
    for (const item of items) {
      const parsed = subscriber.safeParse(item);
      const userId = parsed.success ? parsed.data[this.field] : undefined;
      if (!parsed.success || userId === undefined || !/^\d+$/.test(parsed.data.id)) continue;
      people.push({ recordId: Number(parsed.data.id), userId });
    }
    const next = typeof body.offset_id === "string" ? body.offset_id : cursor;
    return { people, cursor: next, last: items.length < JOB_PAGE_SIZE || next === cursor };
  }

  async write(action: JobAction, userId: number): Promise<WriteOutcome> {
    let body: unknown;
    try {
      body = await this.send(
        jobOperation[action.kind],
        writeFields(action, this.field, userId),
        undefined,
      );
    } catch (error) {
      return { kind: "unknown", error: error instanceof Error ? error.message : String(error) };
    }
    const failure = failureOf(body);
    if (failure?.error_code === ErrorCode.TooManyRequests) return { kind: "limited" };
    if (failure?.error_code === ErrorCode.UserNotFound) return { kind: "gone" };
    if (failure) return { kind: "failed", error: describe(failure) };
    if (action.kind === "subscription-add") {
      // subscribers/add answers success with a result per person.
      const results = (body as { subscribers?: unknown }).subscribers;
      const first: unknown = Array.isArray(results) ? results[0] : undefined;
      if (typeof first === "object" && first !== null && "success" in first && !first.success) {
        const error = "error" in first && typeof first.error === "string" ? first.error : "";
        return { kind: "failed", error: error === "" ? "not added" : error };
      }
    }
    return { kind: "done" };
  }

  /** Whether a write made before a restart landed, read from the service. */
  async check(action: JobAction, userId: number): Promise<CheckOutcome> {
    const person = { [this.field]: userId };
    try {
      if (action.kind === "var-set" || action.kind === "var-del") {
        const body = (await this.read("vars/get", { ...person, name: action.name })) as {
          items?: { name?: unknown; value?: unknown }[];
        };
        const found = (body.items ?? []).find((item) => item.name === action.name);
        const landed =
          action.kind === "var-set" ? found?.value === action.value : found === undefined;
        return landed ? "done" : "not-done";
      }
      const filter =
        action.kind === "subscription-add" || action.kind === "subscription-del"
          ? { subscription_id: [action.subscription_id] }
          : { bot_id: action.bot_id };
      const body = (await this.read("subscribers/get", {
        [this.field]: [userId],
        ...filter,
        count: 1,
      })) as { items?: unknown[] };
      const member = (body.items ?? []).length > 0;
      const wanted = action.kind === "subscription-add" || action.kind === "bot-start";
      return member === wanted ? "done" : "not-done";
    } catch (error) {
      if (error instanceof JobCallError && error.code === ErrorCode.UserNotFound) return "gone";
      throw error;
    }
  }
}
