import { Trans } from "@lingui/react/macro";
import { Component, type ContextType, type ReactNode } from "react";
import { ConnectionContext } from "@/api/connection-context";
import { logText } from "@/api/api-error";
import { isChunkLoadError } from "@/lib/chunk-error";

interface ChunkBoundaryProps {
  /** What could not be loaded, as a whole sentence: "The chart could not be loaded." */
  what: string;
  /**
   * A way back that needs no reload, beside Reload the page: for a part that holds the page in
   * a state only it can end (a bulk form's names check, whose Cancel is in the missing code).
   */
  back?: { label: string; onClick: () => void };
  children: ReactNode;
}

interface ChunkBoundaryState {
  error: unknown;
}

/**
 * Around a lazily loaded part of a page that is already on screen (a chart, a QR code): if
 * its code cannot be fetched, only that part says so, and the page with whatever was typed
 * into it stays. The browser keeps a failed module for the life of the page, so the part
 * comes back with a reload, which the person starts when their work is saved. Any other
 * error goes on to the page's own boundary.
 */
export class ChunkBoundary extends Component<ChunkBoundaryProps, ChunkBoundaryState> {
  static override contextType = ConnectionContext;
  declare context: ContextType<typeof ConnectionContext>;
  override state: ChunkBoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): ChunkBoundaryState {
    return { error };
  }

  override componentDidCatch(error: unknown) {
    if (isChunkLoadError(error)) this.context.noAnswer();
  }

  override render() {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    // Not ours: thrown again from here, it reaches the page's boundary.
    if (!isChunkLoadError(error)) {
      throw error instanceof Error
        ? error
        : new Error(logText`A part of the page failed.`, { cause: error });
    }
    const what = this.props.what;
    return (
      <div role="status" className="notice notice-warning chunk-missing">
        <p>
          {what}{" "}
          <Trans>
            Its code could not be fetched, most likely because the connection dropped. Reload the
            page to see it once your work here is saved.
          </Trans>
        </p>
        <button
          type="button"
          className="button"
          onClick={() => {
            window.location.reload();
          }}
        >
          <Trans>Reload the page</Trans>
        </button>
        {this.props.back && (
          <button type="button" className="button" onClick={this.props.back.onClick}>
            {this.props.back.label}
          </button>
        )}
      </div>
    );
  }
}
