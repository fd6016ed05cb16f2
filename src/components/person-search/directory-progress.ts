import type { I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { DirectoryStatus } from "@/contract/directory";
import { formatPercent } from "@/lib/format";

/**
 * Why results may be missing people: the directory's first full pass is still under way, or
 * nothing has been read yet. `undefined` once the directory is complete.
 */
export function directoryProgressText(status: DirectoryStatus, i18n: I18n): string | undefined {
  if (status.state === "ready") return undefined;
  const percent = status.full_pass?.percent;
  if (percent !== null && percent !== undefined) {
    const shown = formatPercent(percent / 100, i18n.locale, 0);
    return i18n._(msg`Directory still reading: ${shown}. Some people may not be found yet.`);
  }
  if (status.state === "reading") {
    return i18n._(msg`Directory still reading. Some people may not be found yet.`);
  }
  return i18n._(msg`The directory has not read this channel yet.`);
}
