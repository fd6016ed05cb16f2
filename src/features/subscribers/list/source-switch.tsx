import { Trans, useLingui } from "@lingui/react/macro";
import { useId } from "react";

interface SourceSwitchProps {
  source: "directory" | "api";
  /** The directory has completed a full pass; before, only the API's pages are offered. */
  directoryReady: boolean;
  onChange: (source: "directory" | "api") => void;
}

/** "Directory" (total, order, filter) or "Live from the API" (`offset_id` pages, as before). */
export function SourceSwitch({ source, directoryReady, onChange }: SourceSwitchProps) {
  const { t } = useLingui();
  const name = useId();
  const noteId = useId();
  return (
    <fieldset className="subscribers-mode" aria-describedby={directoryReady ? undefined : noteId}>
      <legend>
        <Trans>Source</Trans>
      </legend>
      <label>
        <input
          type="radio"
          name={name}
          value="directory"
          checked={source === "directory"}
          disabled={!directoryReady}
          onChange={() => {
            onChange("directory");
          }}
        />
        {t({ message: "Directory", context: "list source" })}
      </label>
      <label>
        <input
          type="radio"
          name={name}
          value="api"
          checked={source === "api"}
          onChange={() => {
            onChange("api");
          }}
        />
        <Trans>Live from the API</Trans>
      </label>
      {!directoryReady && (
        <span id={noteId} className="muted">
          <Trans>(the directory is offered once its reading ends)</Trans>
        </span>
      )}
    </fieldset>
  );
}
