import type { LucideIcon } from "lucide-react";
// One file per icon: the shell renders on every page and in every component test, where the
// package's barrel would load all of its icons.
import MonitorIcon from "lucide-react/icons/monitor";
import MoonIcon from "lucide-react/icons/moon";
import SunIcon from "lucide-react/icons/sun";
import { useId } from "react";
import { themeChoices, themeLabels, type ThemeChoice } from "@/lib/theme";
import { setThemeChoice, useThemeChoice } from "./theme-store";

const icons: Record<ThemeChoice, LucideIcon> = {
  system: MonitorIcon,
  light: SunIcon,
  dark: MoonIcon,
};

/**
 * System / Light / Dark as native radio buttons drawn as a segmented control: arrow keys move
 * between them and screen readers announce a group named "Theme".
 */
export function ThemeToggle() {
  const name = useId();
  const choice = useThemeChoice();
  return (
    <div role="radiogroup" aria-label="Theme" className="theme-toggle">
      {themeChoices.map((option) => {
        const Icon = icons[option];
        return (
          <label key={option} className="theme-option" title={themeLabels[option]}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={choice === option}
              onChange={() => {
                setThemeChoice(option);
              }}
            />
            <Icon aria-hidden="true" size={16} />
            <span className="theme-option-label">{themeLabels[option]}</span>
          </label>
        );
      })}
    </div>
  );
}
