/**
 * A toast, without sonner (about 6 kB gzip) in any page's first load: the layout's toaster
 * (src/app/app-toaster.tsx) has usually fetched sonner already, so the toast shows at once;
 * otherwise as soon as it has come. Pages call this, never sonner's `toast` directly.
 */
export function notify(tone: "success" | "warning" | "error", text: string): void {
  import("sonner").then(
    ({ toast }) => {
      toast[tone](text);
    },
    () => {
      // Offline or a new deployment: the connection banner says so; the toast is lost.
    },
  );
}
