import type { Outcome } from "./send";

/** An answer slower than this fails the run: no body may hold up the server. */
export const SLOW_MS = 2_000;

export interface Example {
  what: string;
  outcome: Outcome;
}

/** Counts for one server and one encoding. */
export class Tally {
  sent = 0;
  readonly byStatus = new Map<number, number>();
  serverErrors = 0;
  slow = 0;
  noAnswer = 0;
  /** Answers other than a success that lack `{success: false, error_code, error_message}`. */
  shapeless = 0;
  stackTraces = 0;
  slowest: Example | undefined;
  /** The first few of each kind of bad answer, to replay. */
  readonly bad: Example[] = [];
  private readonly badKinds = new Map<string, number>();

  add(outcome: Outcome, what: string): void {
    this.sent += 1;
    this.byStatus.set(outcome.status, (this.byStatus.get(outcome.status) ?? 0) + 1);
    const example = { what, outcome };
    if (this.slowest === undefined || outcome.ms > this.slowest.outcome.ms) this.slowest = example;
    if (outcome.status === 0) this.noAnswer += 1;
    if (outcome.ms > SLOW_MS) this.slow += 1;
    if (outcome.status >= 500) this.serverErrors += 1;
    if (outcome.status > 0 && !isSuccess(outcome.text)) {
      if (/\bat .+:\d+:\d+/.test(outcome.text)) this.stackTraces += 1;
      if (!isFailure(outcome.text)) this.shapeless += 1;
    }
    const kind =
      outcome.status >= 500
        ? "5xx"
        : outcome.ms > SLOW_MS
          ? "slow"
          : outcome.status === 0
            ? "no answer"
            : undefined;
    if (kind === undefined) return;
    const seen = this.badKinds.get(kind) ?? 0;
    this.badKinds.set(kind, seen + 1);
    if (seen < 3) this.bad.push(example);
  }

  statuses(): string {
    return [...this.byStatus.entries()]
      .sort((a, b) => a[0] - b[0])
      .map(([status, count]) => `${status === 0 ? "none" : String(status)}: ${String(count)}`)
      .join(", ");
  }
}

function parsed(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

function isSuccess(text: string): boolean {
  return parsed(text)?.success === true;
}

function isFailure(text: string): boolean {
  const body = parsed(text);
  return (
    body?.success === false &&
    typeof body.error_code === "number" &&
    typeof body.error_message === "string"
  );
}
