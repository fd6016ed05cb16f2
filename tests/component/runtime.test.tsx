import { options, type VNode } from "preact";
import { describe, expect, it } from "vitest";
import { render, screen } from "./testing-library";

describe("the runtime the components are tested on", () => {
  it("is Preact, as in the build: `react` resolves to preact/compat (vite.config.ts)", () => {
    const drawn: string[] = [];
    // Put back as it was afterwards; Preact calls it without `this`.
    // eslint-disable-next-line @typescript-eslint/unbound-method
    const previous = options.diffed;
    options.diffed = (vnode: VNode) => {
      if (typeof vnode.type === "function") drawn.push(vnode.type.name);
      previous?.(vnode);
    };
    function Probe() {
      return <p>drawn</p>;
    }
    try {
      render(<Probe />);
    } finally {
      options.diffed = previous;
    }
    expect(screen.getByText("drawn")).toBeTruthy();
    expect(drawn).toContain("Probe");
  });
});
