/**
 * The steps that load `Intl`'s locale data for a language, as the first formatter would, each
 * its own task (boot.ts runs them once the shell is painted, main.tsx before the app's
 * formatters). Three, not one: ICU's own start with the language's likely subtags, then the
 * number data, then the dates' (measured in Chromium at CPU ×1: 15–25, 17–21 and 3–5 ms,
 * against 26–34 ms for a first NumberFormat alone), so that none is a long task of a phone's
 * main thread (CPU ×4).
 */
export const INTL_WARM_UPS: readonly ((tag: string) => unknown)[] = [
  (tag) => new Intl.Locale(tag).maximize(),
  (tag) => new Intl.NumberFormat(tag).format(0),
  (tag) => new Intl.DateTimeFormat(tag).format(0),
];

/**
 * Runs the warm-up steps one task after another (`later`: setTimeout by default), then `done`
 * in the task of the last one. A step that throws (a tag Intl does not take) ends the steps
 * early; `done` still runs, and whatever formats then finds out for itself.
 */
export function warmIntl(
  tag: string,
  {
    later = (run: () => void) => setTimeout(run, 0),
    steps = INTL_WARM_UPS,
    done,
  }: {
    later?: (run: () => void) => void;
    steps?: readonly ((tag: string) => unknown)[];
    done?: () => void;
  } = {},
): void {
  const next = (step: number) => {
    const warmUp = steps[step];
    if (warmUp === undefined) {
      done?.();
      return;
    }
    later(() => {
      try {
        warmUp(tag);
      } catch {
        done?.();
        return;
      }
      next(step + 1);
    });
  };
  next(0);
}
