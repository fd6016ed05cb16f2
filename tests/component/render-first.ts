import { render } from "@testing-library/react";
import type { ReactElement } from "react";
import { drawInSteps } from "../../src/components/later";

/** Renders `ui` as the app's first render is (src/main.tsx `drawInSteps`). */
export function renderFirst(ui: ReactElement) {
  let view: ReturnType<typeof render> | undefined;
  drawInSteps(() => {
    view = render(ui);
  });
  if (!view) throw new Error("not rendered");
  return view;
}
