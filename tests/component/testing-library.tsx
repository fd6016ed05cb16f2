import { i18n } from "@lingui/core";
import {
  render as baseRender,
  renderHook as baseRenderHook,
  type RenderHookOptions,
  type RenderOptions,
} from "@testing-library/react";
import type { ReactElement, ReactNode } from "react";
import { LocaleProvider } from "../../src/i18n/locale-provider";

export * from "@testing-library/react";

/** The app's language provider, as src/main.tsx puts it around everything. */
export function WithI18n({ children }: { children: ReactNode }) {
  return <LocaleProvider i18n={i18n}>{children}</LocaleProvider>;
}

/** Testing Library's `render`, inside the app's language provider. */
export function render(ui: ReactElement, options: Omit<RenderOptions, "wrapper"> = {}) {
  return baseRender(ui, { ...options, wrapper: WithI18n });
}

/** Testing Library's `renderHook`, inside the app's language provider. */
export function renderHook<Result, Props>(
  hook: (props: Props) => Result,
  options: Omit<RenderHookOptions<Props>, "wrapper"> = {},
) {
  return baseRenderHook(hook, { ...options, wrapper: WithI18n });
}
