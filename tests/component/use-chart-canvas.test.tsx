import { afterEach, describe, expect, it, vi } from "vitest";
import { useChartCanvas } from "../../src/components/chart/use-chart-canvas";
import { FakeIntersectionObserver } from "./fake-intersection-observer";
import { act, render, screen } from "./testing-library";

/** A stand-in ResizeObserver: the test says how wide the canvas is. */
class FakeResize {
  static last: FakeResize | undefined;
  disconnected = false;
  constructor(readonly callback: ResizeObserverCallback) {
    FakeResize.last = this;
  }
  observe() {
    return undefined;
  }
  disconnect() {
    this.disconnected = true;
  }
  resize(width: number) {
    this.callback(
      [{ contentRect: { width } }] as unknown as ResizeObserverEntry[],
      this as unknown as ResizeObserver,
    );
  }
}

function Canvas() {
  const [ref, { width, inView }] = useChartCanvas<HTMLDivElement>();
  return <div ref={ref}>{`${String(width)} ${inView ? "drawn" : "waiting"}`}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.last = undefined;
  FakeResize.last = undefined;
});

describe("useChartCanvas", () => {
  it("measures the canvas at once, and says it may be drawn only once it is in view", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    vi.stubGlobal("ResizeObserver", FakeResize);
    const { unmount } = render(<Canvas />);
    const resize = FakeResize.last;
    if (!resize) throw new Error("no resize observer");
    act(() => {
      resize.resize(480);
    });
    expect(screen.getByText("480 waiting")).toBeTruthy();
    const view = FakeIntersectionObserver.last;
    if (!view) throw new Error("no intersection observer");
    act(() => {
      view.show();
    });
    expect(screen.getByText(/ drawn$/u)).toBeTruthy();
    // Still measured once in view (measured again then: a test DOM has no layout, so 0), and
    // the observer lets go when the canvas leaves.
    const measuring = FakeResize.last;
    if (!measuring) throw new Error("no resize observer");
    act(() => {
      measuring.resize(360);
    });
    expect(screen.getByText("360 drawn")).toBeTruthy();
    unmount();
    expect(measuring.disconnected).toBe(true);
  });

  it("draws at once where nothing can be observed", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Canvas />);
    expect(screen.getByText("0 drawn")).toBeTruthy();
  });
});
