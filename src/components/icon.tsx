import type { IconNode } from "lucide";
import { createElement } from "react";

/**
 * An icon of Lucide, drawn from its `lucide` package's drawing of it (a list of SVG elements,
 * one module per icon: `lucide/dist/esm/icons/<name>.mjs`) as lucide-react draws it, without
 * lucide-react's component machinery, 1.5 kB of the first load of every page (issue 15).
 * Decorative: every icon here stands beside words that say what it does, so it is hidden from
 * assistive tools.
 */
export function Icon({
  icon,
  size = 24,
  className,
}: {
  icon: IconNode;
  size?: number;
  className?: string;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className === undefined ? "lucide" : `lucide ${className}`}
      aria-hidden="true"
    >
      {icon.map(([tag, attributes], index) => createElement(tag, { key: index, ...attributes }))}
    </svg>
  );
}
