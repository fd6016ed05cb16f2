import { afterEach, describe, expect, it, vi } from "vitest";
import { useInView } from "../../src/components/use-in-view";
import { act, render, screen } from "./testing-library";

/** A stand-in IntersectionObserver: the test says when the element comes into view. */
class FakeObserver {
  static last: FakeObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting: boolean) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    this.callback(
      entries as unknown as IntersectionObserverEntry[],
      this as unknown as IntersectionObserver,
    );
  }
}

function Part({ watch = true }: { watch?: boolean }) {
  const [ref, inView] = useInView<HTMLDivElement>(watch);
  return <div ref={ref}>{inView ? "drawn" : "waiting"}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeObserver.last = undefined;
});

describe("useInView", () => {
  it("waits until the element comes into view, then stays true", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    render(<Part />);
    expect(screen.getByText("waiting")).toBeTruthy();
    const observer = FakeObserver.last;
    if (!observer) throw new Error("no observer");
    act(() => {
      observer.show(false);
    });
    expect(screen.getByText("waiting")).toBeTruthy();
    act(() => {
      observer.show(true);
    });
    expect(screen.getByText("drawn")).toBeTruthy();
    expect(observer.disconnected).toBe(true);
  });

  it("looks only while told to", () => {
    vi.stubGlobal("IntersectionObserver", FakeObserver);
    const { rerender } = render(<Part watch={false} />);
    expect(FakeObserver.last).toBeUndefined();
    rerender(<Part watch />);
    const observer = FakeObserver.last;
    if (!observer) throw new Error("no observer");
    act(() => {
      observer.show(true);
    });
    expect(screen.getByText("drawn")).toBeTruthy();
  });

  it("is true at once where nothing can be observed", () => {
    vi.stubGlobal("IntersectionObserver", undefined);
    render(<Part />);
    expect(screen.getByText("drawn")).toBeTruthy();
  });
});
