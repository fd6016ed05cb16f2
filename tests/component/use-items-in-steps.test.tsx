import { cleanup, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useItemsInSteps } from "../../src/features/subscriptions/use-items-in-steps";
import { renderFirst } from "./render-first";

describe("useItemsInSteps", () => {
  const TWELVE = Array.from({ length: 12 }, (_v, index) => `row ${String(index + 1)}`);

  function List({
    items,
    onScreen = false,
  }: {
    items: readonly string[] | undefined;
    onScreen?: boolean;
  }) {
    const drawn = useItemsInSteps(items, 5, onScreen);
    return drawn === undefined ? (
      <p>placeholder</p>
    ) : (
      <ul>
        {drawn.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    );
  }
  const rows = () => screen.queryAllByRole("listitem").length;

  it("draws a list that comes during the first load a step at a time, then the next whole", async () => {
    const { rerender } = renderFirst(<List items={undefined} />);
    expect(screen.getByText("placeholder")).toBeTruthy();
    rerender(<List items={TWELVE} />);
    expect(rows()).toBe(5);
    await waitFor(() => {
      expect(rows()).toBe(10);
    });
    await waitFor(() => {
      expect(rows()).toBe(12);
    });
    // Another page replaces it whole: a click shows it, and it never shrinks back to a step.
    rerender(<List items={TWELVE.map((item) => `${item} of page 2`)} />);
    expect(rows()).toBe(12);
  });

  it("draws whole whatever replaces the first list: a longer one after a short one, or one that comes mid-steps", async () => {
    const { rerender } = renderFirst(<List items={undefined} />);
    rerender(<List items={TWELVE.slice(0, 3)} />);
    expect(rows()).toBe(3);
    rerender(<List items={TWELVE} />);
    expect(rows()).toBe(12);
    cleanup();

    const second = renderFirst(<List items={undefined} />);
    second.rerender(<List items={TWELVE} />);
    expect(rows()).toBe(5);
    second.rerender(<List items={TWELVE.map((item) => `${item} of page 2`)} />);
    expect(rows()).toBe(12);
    // The same rows worked out again (a new array) are still the first list.
    cleanup();
    const third = renderFirst(<List items={undefined} />);
    third.rerender(<List items={TWELVE} />);
    third.rerender(<List items={[...TWELVE]} />);
    expect(rows()).toBe(5);
    await waitFor(() => {
      expect(rows()).toBe(12);
    });
  });

  it("draws the rest whole once its table is on screen, and whole a list that comes on screen", () => {
    const { rerender } = renderFirst(<List items={undefined} />);
    rerender(<List items={TWELVE} />);
    expect(rows()).toBe(5);
    rerender(<List items={TWELVE} onScreen />);
    expect(rows()).toBe(12);
    cleanup();
    const shown = renderFirst(<List items={undefined} onScreen />);
    shown.rerender(<List items={TWELVE} onScreen />);
    expect(rows()).toBe(12);
  });

  it("draws whole a list there from the start, or one that comes after the first load", () => {
    renderFirst(<List items={TWELVE} />);
    expect(rows()).toBe(12);
    cleanup();
    // Ten seconds and more after the app's first render: a page opened by a link.
    const later = performance.now() + 20_000;
    const clock = vi.spyOn(performance, "now").mockReturnValue(later);
    try {
      const { rerender } = render(<List items={undefined} />);
      rerender(<List items={TWELVE} />);
      expect(rows()).toBe(12);
    } finally {
      clock.mockRestore();
    }
  });
});
