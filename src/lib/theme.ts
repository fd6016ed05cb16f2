/**
 * The colour theme a person chose: "system" follows the operating system's light or dark
 * setting; "light" and "dark" override it. Kept in localStorage under one key.
 */
export const themeChoices = ["system", "light", "dark"] as const;
export type ThemeChoice = (typeof themeChoices)[number];
export type ResolvedTheme = "light" | "dark";

export const THEME_STORAGE_KEY = "channel-desk.theme";

export function isThemeChoice(value: unknown): value is ThemeChoice {
  return typeof value === "string" && (themeChoices as readonly string[]).includes(value);
}

/** Whatever is stored (nothing, an old format, a hand edit) becomes a valid choice. */
export function parseThemeChoice(stored: unknown): ThemeChoice {
  return isThemeChoice(stored) ? stored : "system";
}

/** The value of `data-theme` on the root element; none for "system", so the media query decides. */
export function themeAttribute(choice: ThemeChoice): ResolvedTheme | null {
  return choice === "system" ? null : choice;
}

/** The theme actually shown, for components that cannot read CSS variables (toasts). */
export function resolveTheme(choice: ThemeChoice, systemPrefersDark: boolean): ResolvedTheme {
  if (choice !== "system") return choice;
  return systemPrefersDark ? "dark" : "light";
}
