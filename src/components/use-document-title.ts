import { useEffect } from "react";

/** The product's name: the same in every language. */
export const APP_NAME = "Channel Desk";

/**
 * Names the browser tab after the page, so each page has its own title (WCAG 2.4.2). Pass the
 * title in the person's language (`t` of `useLingui()`): it follows a switch of language.
 */
export function useDocumentTitle(title: string) {
  useEffect(() => {
    const previous = document.title;
    document.title = title ? `${title} · ${APP_NAME}` : APP_NAME;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
