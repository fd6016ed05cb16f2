import { Trans, useLingui } from "@lingui/react/macro";
import CopyIcon from "lucide-react/icons/copy";
import { useEffect, useRef, useState } from "react";

type CopyState = "idle" | "copied" | "failed";

/** Copies `text` and says so in a live region; where the browser refuses, says how instead. */
export function CopyText({ text, label }: { text: string; label: string }) {
  const { t } = useLingui();
  const [state, setState] = useState<CopyState>("idle");
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(
    () => () => {
      clearTimeout(timer.current);
    },
    [],
  );

  async function copy() {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
      setState("copied");
      timer.current = setTimeout(() => {
        setState("idle");
      }, 4000);
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="person-copy">
      <button type="button" className="button" onClick={() => void copy()} aria-label={label}>
        <CopyIcon aria-hidden="true" size={14} />
        <Trans>Copy</Trans>
      </button>
      <span role="status" className={state === "failed" ? "field-error" : "muted"}>
        {state === "copied"
          ? t`Copied.`
          : state === "failed"
            ? t`The browser did not allow copying: select the id and press Ctrl+C (⌘C).`
            : ""}
      </span>
    </span>
  );
}
