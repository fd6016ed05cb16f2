import { useLingui } from "@lingui/react/macro";
import { Toaster } from "sonner";
// The gateway's CSP refuses the <style> sonner inserts by itself, so its styles come as a file.
import "sonner/dist/styles.css";
import { useResolvedTheme } from "./theme-store";

/** The one place toasts appear; pages call `notify()` from src/components/notify.ts. */
export function AppToaster() {
  const { t } = useLingui();
  const theme = useResolvedTheme();
  return (
    <Toaster
      theme={theme}
      position="bottom-right"
      closeButton
      // Both languages read left to right. Unsaid, sonner asks getComputedStyle of <html> in
      // its render, which forces the first screen's styles inside that long task (issue 15).
      dir="ltr"
      containerAriaLabel={t`Notifications`}
      toastOptions={{ closeButtonAriaLabel: t`Close notification` }}
    />
  );
}
