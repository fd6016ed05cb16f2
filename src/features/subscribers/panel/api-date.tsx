import { parseApiDateTime } from "@/contract/datetime";

/**
 * An API date-time as the API wrote it (wall time of the channel's zone, which the heading
 * names), marked up with the instant it means so assistive tools and copy-paste get it exactly.
 */
export function ApiDate({ value, timeZone }: { value: string; timeZone: string }) {
  return <time dateTime={instantOf(value, timeZone)}>{value}</time>;
}

function instantOf(value: string, timeZone: string): string | undefined {
  try {
    const instant = parseApiDateTime(value, timeZone);
    return instant === null ? undefined : new Date(instant).toISOString();
  } catch {
    // An unknown zone leaves the wall time as the only truth; it is still shown.
    return undefined;
  }
}
