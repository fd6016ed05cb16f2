import { useEffect, type RefObject } from "react";

/**
 * A `<details>` menu closes on Escape (focus back on its summary) and on a press anywhere
 * else, as the column chooser does.
 */
export function useMenuClose(ref: RefObject<HTMLDetailsElement | null>): void {
  useEffect(() => {
    const close = (event: Event) => {
      const details = ref.current;
      if (!details?.open) return;
      if (event instanceof KeyboardEvent) {
        if (event.key !== "Escape" || !details.contains(document.activeElement)) return;
        // A dialog opened from the menu handles its own Escape.
        if (document.querySelector("dialog[open]")) return;
        details.open = false;
        details.querySelector("summary")?.focus();
      } else if (
        event.target instanceof Node &&
        !details.contains(event.target) &&
        !(event.target instanceof Element && event.target.closest("dialog"))
      ) {
        details.open = false;
      }
    };
    document.addEventListener("keydown", close);
    document.addEventListener("pointerdown", close);
    return () => {
      document.removeEventListener("keydown", close);
      document.removeEventListener("pointerdown", close);
    };
  }, [ref]);
}
