/**
 * The steps that load `Intl`'s locale data for a language, as the first formatter would, each
 * its own task (boot.ts runs them once the shell is painted). Three, not one: ICU's own start
 * with the language's likely subtags, then the number data, then the dates' (measured in
 * Chromium at CPU ×1: 15–25, 17–21 and 3–5 ms, against 26–34 ms for a first NumberFormat
 * alone), so that none is a long task of a phone's main thread (CPU ×4).
 */
export const INTL_WARM_UPS: readonly ((language: string) => unknown)[] = [
  (language) => new Intl.Locale(language).maximize(),
  (language) => new Intl.NumberFormat(language).format(0),
  (language) => new Intl.DateTimeFormat(language).format(0),
];

/**
 * Runs the warm-up steps one task after another (`later`, setTimeout by default). A language
 * tag Intl does not take ends them: the app then makes its own formatters, and says why.
 */
export function warmIntl(
  language: string,
  later: (run: () => void) => void = (run) => setTimeout(run, 0),
  steps: readonly ((language: string) => unknown)[] = INTL_WARM_UPS,
): void {
  const next = (step: number) => {
    const warmUp = steps[step];
    if (warmUp === undefined) return;
    later(() => {
      try {
        warmUp(language);
      } catch {
        return;
      }
      next(step + 1);
    });
  };
  next(0);
}
