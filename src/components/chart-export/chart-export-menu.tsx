import { useLingui } from "@lingui/react/macro";
import ChevronDownIcon from "lucide/dist/esm/icons/chevron-down.mjs";
import DownloadIcon from "lucide/dist/esm/icons/download.mjs";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from "react";
import type { ChartTableData } from "@/lib/chart-csv";
import type { ChartPeriod } from "@/lib/chart-image";
import type { ChartExportKind } from "./run-chart-export";
import "./chart-export.css";
import { withCatalogs } from "@/i18n/with-catalogs";
import { Icon } from "@/components/icon";

interface ChartExportMenuProps {
  /** The chart's title: on the picture, in the file's name. */
  title: string;
  period: ChartPeriod;
  /** The numbers of the chart's table view, for the CSV. */
  table: ChartTableData;
  /** The chart's frame, where the drawn plot is found. */
  frame: RefObject<HTMLElement | null>;
  /** False while the table is shown instead of the plot: no picture to save then. */
  pictureReady: boolean;
  /** The menu is reached (hovered, focused, opened): the plot is to be drawn, if not yet. */
  onWanted?: () => void;
}

type Status = { kind: "idle" } | { kind: "saved"; fileName: string } | { kind: "failed" };

const KINDS: readonly ChartExportKind[] = ["csv", "png", "svg"];
// The popup's widest (chart-export.css: 20rem).
const POPUP_MAX_PX = 320;

/**
 * "Export" of a chart: a menu button (WAI-ARIA menu button pattern: arrows, Home/End, Escape
 * back to the button, Tab or a click elsewhere closes) offering the table as CSV and the
 * picture as PNG or SVG. Says what it saved, or that it could not, in a status line.
 */
export function ChartExportMenu({
  title,
  period,
  table,
  frame,
  pictureReady,
  onWanted,
}: ChartExportMenuProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [status, setStatus] = useState<Status>({ kind: "idle" });
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const wrap = useRef<HTMLDivElement>(null);
  const [focusAt, setFocusAt] = useState<number | null>(null);
  // Under the button towards the page's middle: to its left when there is room, else right.
  const [alignStart, setAlignStart] = useState(false);

  const labels: Record<ChartExportKind, string> = {
    csv: t`Table (CSV)`,
    png: t`Image (PNG)`,
    svg: t`Image (SVG)`,
  };
  const disabled = (kind: ChartExportKind) => kind !== "csv" && !pictureReady;

  const items = () =>
    Array.from(menu.current?.querySelectorAll<HTMLElement>("[role=menuitem]") ?? []);

  useEffect(() => {
    if (!open || focusAt === null) return;
    const list = items();
    list[(focusAt + list.length) % list.length]?.focus();
  }, [open, focusAt]);

  // A press anywhere outside closes the menu, as a native menu does.
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (event.target instanceof Node && wrap.current?.contains(event.target)) return;
      setOpen(false);
    };
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const openAt = (index: number) => {
    onWanted?.();
    setAlignStart((button.current?.getBoundingClientRect().right ?? 0) < POPUP_MAX_PX);
    setOpen(true);
    setFocusAt(index);
  };
  const close = (refocus: boolean) => {
    setOpen(false);
    setFocusAt(null);
    if (refocus) button.current?.focus();
  };

  async function choose(kind: ChartExportKind) {
    if (disabled(kind)) return;
    close(true);
    const element = frame.current;
    if (!element) return;
    try {
      const { runChartExport } = await withCatalogs("csv", () => import("./run-chart-export"));
      const fileName = await runChartExport(kind, { title, period, table, frame: element, i18n });
      setStatus({ kind: "saved", fileName });
    } catch {
      setStatus({ kind: "failed" });
    }
  }

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === "ArrowDown" || event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      openAt(0);
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt(-1);
    }
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: list.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      // At once, not through the effect: on Preact an effect runs after the next frame, and a
      // key pressed before it would move from the item focused before (Home, then ArrowDown).
      const target = (next + list.length) % list.length;
      list[target]?.focus();
      setFocusAt(target);
    } else if (event.key === "Escape") {
      event.preventDefault();
      close(true);
    } else if (event.key === "Tab") {
      close(false);
    }
  };

  const menuLabel = t`Export “${title}”`;
  const fileName = status.kind === "saved" ? status.fileName : "";
  const statusText =
    status.kind === "saved"
      ? t`Saved ${fileName}.`
      : status.kind === "failed"
        ? t`Could not save the file.`
        : "";
  return (
    <div className="chart-export" ref={wrap}>
      <button
        ref={button}
        type="button"
        className="button chart-export-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={`${id}-menu`}
        aria-label={menuLabel}
        onClick={() => {
          if (open) close(false);
          else openAt(0);
        }}
        onKeyDown={onButtonKey}
        onPointerEnter={onWanted}
        onFocus={onWanted}
      >
        <ExportButtonFace />
      </button>
      <div
        className={
          alignStart ? "chart-export-popup chart-export-popup-start" : "chart-export-popup"
        }
        hidden={!open}
      >
        <ul
          ref={menu}
          id={`${id}-menu`}
          role="menu"
          aria-label={menuLabel}
          className="chart-export-menu"
          onKeyDown={onMenuKey}
        >
          {KINDS.map((kind) => (
            <li role="none" key={kind}>
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                aria-disabled={disabled(kind) || undefined}
                aria-describedby={disabled(kind) ? `${id}-why` : undefined}
                onClick={() => void choose(kind)}
              >
                {labels[kind]}
              </button>
            </li>
          ))}
        </ul>
        {!pictureReady && (
          <p id={`${id}-why`} className="chart-export-why">
            {t`Turn off “Show as table” to save the image.`}
          </p>
        )}
      </div>
      <p role="status" className="chart-export-status">
        {statusText}
      </p>
    </div>
  );
}

/** What the Export button shows; also on the frame's unavailable button while numbers load. */
export function ExportButtonFace() {
  const { t } = useLingui();
  return (
    <>
      <Icon icon={DownloadIcon} size={16} />
      {t({ message: "Export", context: "a menu of file formats" })}
      <Icon icon={ChevronDownIcon} size={16} />
    </>
  );
}
