import { useSyncExternalStore } from "react";
import {
  parseThemeChoice,
  resolveTheme,
  themeAttribute,
  THEME_STORAGE_KEY,
  type ResolvedTheme,
  type ThemeChoice,
} from "@/lib/theme";
import { preferenceCookie, THEME_COOKIE } from "@/lib/page-preferences";

const DARK_QUERY = "(prefers-color-scheme: dark)";
const listeners = new Set<() => void>();

function readStored(): ThemeChoice {
  try {
    return parseThemeChoice(window.localStorage.getItem(THEME_STORAGE_KEY));
  } catch {
    // Storage can be switched off (private modes, policies): the system's theme then.
    return "system";
  }
}

let current: ThemeChoice = typeof window === "undefined" ? "system" : readStored();

/**
 * Puts the choice on <html>; styles.css does the rest. The gateway is told too (a cookie), so
 * the next page it serves is painted in this theme before any script runs (page-preferences.ts).
 */
export function applyTheme(choice: ThemeChoice): void {
  const attribute = themeAttribute(choice);
  if (attribute) document.documentElement.dataset.theme = attribute;
  else delete document.documentElement.dataset.theme;
  document.cookie = preferenceCookie(THEME_COOKIE, attribute);
}

/** Called by main.tsx before the first render, so the page never shows the other theme first. */
export function applyStoredTheme(): void {
  current = readStored();
  applyTheme(current);
}

export function setThemeChoice(choice: ThemeChoice): void {
  current = choice;
  try {
    if (choice === "system") window.localStorage.removeItem(THEME_STORAGE_KEY);
    else window.localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Not remembered, but still applied for this visit.
  }
  applyTheme(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab changed the choice.
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    current = readStored();
    applyTheme(current);
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

export function useThemeChoice(): ThemeChoice {
  return useSyncExternalStore(
    subscribe,
    () => current,
    () => "system" as const,
  );
}

function subscribeToSystem(listener: () => void): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const media = window.matchMedia(DARK_QUERY);
  media.addEventListener("change", listener);
  return () => {
    media.removeEventListener("change", listener);
  };
}

function systemPrefersDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(DARK_QUERY).matches;
}

/** The theme on screen, following the system's setting while the choice is "system". */
export function useResolvedTheme(): ResolvedTheme {
  const choice = useThemeChoice();
  const prefersDark = useSyncExternalStore(subscribeToSystem, systemPrefersDark, () => false);
  return resolveTheme(choice, prefersDark);
}
