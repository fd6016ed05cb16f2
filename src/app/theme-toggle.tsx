import type { IconNode } from "lucide";
// One file per icon: the shell renders on every page and in every component test, where the
// package's barrel would load all of its icons (src/lucide-icons.d.ts).
import MonitorIcon from "lucide/dist/esm/icons/monitor.mjs";
import MoonIcon from "lucide/dist/esm/icons/moon.mjs";
import SunIcon from "lucide/dist/esm/icons/sun.mjs";
import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { useId } from "react";
import { themeChoices, type ThemeChoice } from "@/lib/theme";
import { Icon } from "@/components/icon";
import { setThemeChoice, useThemeChoice } from "./theme-store";

const themeLabels: Record<ThemeChoice, MessageDescriptor> = {
  system: msg({ message: "System", context: "colour theme that follows the system" }),
  light: msg({ message: "Light", context: "colour theme" }),
  dark: msg({ message: "Dark", context: "colour theme" }),
};

const icons: Record<ThemeChoice, IconNode> = {
  system: MonitorIcon,
  light: SunIcon,
  dark: MoonIcon,
};

/**
 * System / Light / Dark as native radio buttons drawn as a segmented control: arrow keys move
 * between them and screen readers announce a group named "Theme".
 */
export function ThemeToggle() {
  const { t, i18n } = useLingui();
  const name = useId();
  const choice = useThemeChoice();
  return (
    <div role="radiogroup" aria-label={t`Theme`} className="theme-toggle">
      {themeChoices.map((option) => {
        const label = i18n._(themeLabels[option]);
        return (
          <label key={option} className="theme-option" title={label}>
            <input
              type="radio"
              name={name}
              value={option}
              checked={choice === option}
              onChange={() => {
                setThemeChoice(option);
              }}
            />
            <Icon icon={icons[option]} size={16} />
            <span className="theme-option-label">{label}</span>
          </label>
        );
      })}
    </div>
  );
}
