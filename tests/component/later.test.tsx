import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { Component, useLayoutEffect, useState, type ReactNode } from "react";
import { describe, expect, it, vi } from "vitest";
import { drawingInSteps, Later } from "../../src/components/later";
import { renderFirst } from "./render-first";

function Page({ extra = false }: { extra?: boolean }) {
  return (
    <>
      <h1>Title</h1>
      <Later fallback={<p>placeholder</p>}>
        <p>first part</p>
        <Later>
          <p>second part</p>
        </Later>
      </Later>
      {extra && (
        <Later>
          <p>shown by a click</p>
        </Later>
      )}
    </>
  );
}

describe("Later", () => {
  it("draws its children at once outside the app's first render (a page opened by a link, tests)", () => {
    render(<Page />);
    expect(screen.getByText("first part")).toBeTruthy();
    expect(screen.getByText("second part")).toBeTruthy();
    expect(screen.queryByText("placeholder")).toBeNull();
  });

  it("draws the first render in steps: the rest first, then each part in its turn", async () => {
    const { rerender } = renderFirst(<Page />);
    expect(screen.getByText("Title")).toBeTruthy();
    expect(screen.getByText("placeholder")).toBeTruthy();
    expect(screen.queryByText("first part")).toBeNull();
    await screen.findByText("first part");
    // The part inside waits for a turn of its own, after its parent's.
    expect(screen.queryByText("second part")).toBeNull();
    await screen.findByText("second part");
    expect(screen.queryByText("placeholder")).toBeNull();
    // Once the first screen is whole, a part shown later is drawn at once.
    await waitFor(() => {
      expect(drawingInSteps()).toBe(false);
    });
    rerender(<Page extra />);
    expect(screen.getByText("shown by a click")).toBeTruthy();
  });

  it("draws a page opened in a background tab whole", () => {
    const visibility = vi.spyOn(document, "visibilityState", "get").mockReturnValue("hidden");
    try {
      renderFirst(<Page />);
      expect(screen.getByText("second part")).toBeTruthy();
      expect(drawingInSteps()).toBe(false);
    } finally {
      visibility.mockRestore();
    }
  });

  it("does not hold later renders back when a waiting part is gone before its turn", () => {
    function Switch() {
      const [step, setStep] = useState<"waiting" | "none" | "new">("waiting");
      return (
        <>
          <button
            type="button"
            onClick={() => {
              setStep(step === "waiting" ? "none" : "new");
            }}
          >
            next
          </button>
          {step === "waiting" && (
            <Later>
              <p>waiting</p>
            </Later>
          )}
          {step === "new" && (
            <Later>
              <p>after it</p>
            </Later>
          )}
        </>
      );
    }
    renderFirst(<Switch />);
    expect(screen.queryByText("waiting")).toBeNull();
    expect(drawingInSteps()).toBe(true);
    // Gone before its turn: the first render's steps are over.
    fireEvent.click(screen.getByRole("button"));
    expect(drawingInSteps()).toBe(false);
    fireEvent.click(screen.getByRole("button"));
    expect(screen.getByText("after it")).toBeTruthy();
  });

  /** As the router's error boundary of a route, inside the layout's `Later`. */
  class Boundary extends Component<{ children: ReactNode }, { error: unknown }> {
    override state = { error: null as unknown };
    static getDerivedStateFromError(error: unknown) {
      return { error };
    }
    override render() {
      return this.state.error ? <p>page failed</p> : this.props.children;
    }
  }
  function Failing(): ReactNode {
    throw new Error("the page failed to draw");
  }
  const steps = () =>
    waitFor(() => {
      expect(drawingInSteps()).toBe(false);
    });

  it("ends the steps when the page fails to draw while drawn in steps", async () => {
    renderFirst(
      <Later fallback={<p>shell</p>}>
        <Boundary>
          <h1>page</h1>
          <Later>
            <p>part</p>
          </Later>
          <Failing />
        </Boundary>
      </Later>,
    );
    await screen.findByText("page failed");
    await steps();
  });

  it("ends the steps when a part is replaced in the frame it was drawn in", async () => {
    function Replaced() {
      const [on, setOn] = useState(true);
      // Deliberately: a render again before the frame's effects, as a store read during the
      // render and changed before the commit would cause.
      useLayoutEffect(() => {
        // eslint-disable-next-line react-hooks/set-state-in-effect
        setOn(false);
      }, []);
      return on ? (
        <Later>
          <p>gone</p>
        </Later>
      ) : (
        <p>instead</p>
      );
    }
    renderFirst(
      <Later fallback={<p>shell</p>}>
        <Replaced />
      </Later>,
    );
    await screen.findByText("instead");
    await steps();
  });
});
