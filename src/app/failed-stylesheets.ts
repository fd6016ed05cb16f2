/**
 * Stylesheets that could not be fetched (the connection dropped while a page's CSS loaded).
 * Vite never asks for a failed stylesheet again, so once the server answers they are added
 * anew: the page gets its styles back without a reload.
 */
export function watchFailedStylesheets(doc: Document): {
  retry: () => void;
  stop: () => void;
} {
  const failed = new Set<HTMLLinkElement>();
  const onError = (event: Event) => {
    const target = event.target;
    if (target instanceof HTMLLinkElement && target.rel === "stylesheet") failed.add(target);
  };
  // Resource errors do not bubble: only the capture phase sees them at the document.
  doc.addEventListener("error", onError, true);
  return {
    retry: () => {
      for (const link of failed) {
        failed.delete(link);
        if (!link.isConnected) continue;
        const fresh = link.cloneNode() as HTMLLinkElement;
        fresh.addEventListener("load", () => {
          link.remove();
        });
        link.after(fresh);
      }
    },
    stop: () => {
      doc.removeEventListener("error", onError, true);
    },
  };
}
