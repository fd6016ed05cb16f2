/**
 * A toast from a page that should not carry sonner in its first load (about 6 kB gzip): the
 * layout's toaster (src/app/app-toaster.tsx) has usually fetched it already, so the toast
 * shows at once; otherwise as soon as it has come.
 */
export function notify(tone: "success" | "error", text: string): void {
  void import("sonner").then(({ toast }) => {
    toast[tone](text);
  });
}
