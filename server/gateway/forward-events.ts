import type { OperationId } from "../../src/contract/operations";
import type { GatewayChannel } from "./channels";

/** A call the gateway forwarded and the backend answered with success. */
export interface ForwardedCall {
  channel: GatewayChannel;
  operation: OperationId;
  /** The call's own fields as the contract read them (no token, no group_id). */
  params: Record<string, unknown>;
  /** The backend's answer, `success: true`. */
  body: unknown;
  /** The staff account that made the call. */
  username: string;
}

export type ForwardListener = (call: ForwardedCall) => void;

/**
 * Lets plugins learn what passed through `/api` without the forwarding knowing them: the
 * directory keeps itself up to date from the answers and writes people's calls bring.
 * Listeners run after the answer is sent, one failing never stops the others.
 */
export class ForwardEvents {
  private readonly listeners = new Set<ForwardListener>();

  constructor(private readonly log: (line: string) => void = () => undefined) {}

  on(listener: ForwardListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  emit(call: ForwardedCall): void {
    if (this.listeners.size === 0) return;
    setImmediate(() => {
      for (const listener of this.listeners) {
        try {
          listener(call);
        } catch (error) {
          this.log(
            `a listener of ${call.operation} failed: ${error instanceof Error ? error.message : String(error)}`,
          );
        }
      }
    });
  }
}
