import { LinkBuilder } from "./link-builder";
import { RecentLinks } from "./recent-links";
import { useRecentLinks } from "./use-recent-links";

export type LinkSectionProps = Omit<Parameters<typeof LinkBuilder>[0], "onMade"> & {
  timeZone: string;
};

/**
 * The link builder and the channel's recent links, side by side. Below the figures, chart and
 * comparison table on every screen, so the UTM page fetches it (react-hook-form with it) after
 * its first screen, not with it (issue 15).
 */
export function LinkSection({ groupId, timeZone, ...lists }: LinkSectionProps) {
  const recent = useRecentLinks(groupId);
  return (
    <>
      <LinkBuilder groupId={groupId} {...lists} onMade={recent.add} />
      <RecentLinks
        links={recent.links}
        kept={recent.kept}
        onClear={recent.clear}
        timeZone={timeZone}
      />
    </>
  );
}
