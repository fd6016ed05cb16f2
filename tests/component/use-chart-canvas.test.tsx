import { afterEach, describe, expect, it, vi } from "vitest";
import { useChartCanvas } from "../../src/components/chart/use-chart-canvas";
import { act, render, screen } from "./testing-library";

/** Stand-ins for the two observers: the test says when the canvas is seen and how wide it is. */
class FakeIntersection {
  static last: FakeIntersection | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersection.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show() {
    const entries = this.observed.map((target) => ({ target, isIntersecting: true }));
    this.callback(
      entries as unknown as IntersectionObserverEntry[],
      this as unknown as IntersectionObserver,
    );
  }
}

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
  FakeIntersection.last = undefined;
  FakeResize.last = undefined;
});

describe("useChartCanvas", () => {
  it("measures the canvas at once, and says it may be drawn only once it is in view", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersection);
    vi.stubGlobal("ResizeObserver", FakeResize);
    const { unmount } = render(<Canvas />);
    const resize = FakeResize.last;
    if (!resize) throw new Error("no resize observer");
    act(() => {
      resize.resize(480);
    });
    expect(screen.getByText("480 waiting")).toBeTruthy();
    const view = FakeIntersection.last;
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
