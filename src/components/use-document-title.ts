import { useLayoutEffect } from "react";
import { useChannelIfAny } from "./current-channel";

/** The product's name: the same in every language. */
export const APP_NAME = "Channel Desk";

/**
 * The tab's title: the page, then the channel it is about (on a channel's pages, unless the
 * page is the channel itself), then the product — so tabs of two channels' pages tell apart.
 */
export function documentTitle(title: string, channelName?: string): string {
  const parts = [title, channelName === title ? undefined : channelName, APP_NAME];
  return parts.filter((part) => part !== undefined && part !== "").join(" · ");
}

/**
 * Names the browser tab after the page, so each page has its own title (WCAG 2.4.2). Pass the
 * title in the person's language (`t` of `useLingui()`): it follows a switch of language. The
 * channel's name is added here, the same way on every channel's page.
 */
export function useDocumentTitle(title: string) {
  const channelName = useChannelIfAny()?.name;
  // With the page's commit, not after its paint: the tab's title and a screen reader's page
  // name change together with the page.
  useLayoutEffect(() => {
    const previous = document.title;
    document.title = documentTitle(title, channelName);
    return () => {
      document.title = previous;
    };
  }, [title, channelName]);
}
