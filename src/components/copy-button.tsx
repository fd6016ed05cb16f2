import { Trans, useLingui } from "@lingui/react/macro";
import CopyIcon from "lucide/dist/esm/icons/copy.mjs";
import { useEffect, useRef, useState } from "react";
import "./copy-button.css";
import { Icon } from "@/components/icon";

type CopyState = "idle" | "copied" | "failed";

interface CopyButtonProps {
  text: string;
  /** The button's accessible name: what is copied ("Copy the link"). */
  label: string;
  /** Said where the browser refuses (no permission, an insecure page): how to copy by hand. */
  refused: string;
  /** A smaller icon, for a button beside a line of text. */
  small?: boolean;
}

/** Copies `text` to the clipboard and says so in a live region, or how to copy by hand. */
export function CopyButton({ text, label, refused, small = false }: CopyButtonProps) {
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
    <span className="copy-button">
      <button type="button" className="button" onClick={() => void copy()} aria-label={label}>
        <Icon icon={CopyIcon} size={small ? 14 : 16} />
        <Trans>Copy</Trans>
      </button>
      <span role="status" className={state === "failed" ? "field-error" : "muted"}>
        {state === "copied" ? t`Copied.` : state === "failed" ? refused : ""}
      </span>
    </span>
  );
}
