import { afterEach, describe, expect, it, vi } from "vitest";
import { useInView } from "../../src/components/use-in-view";
import { FakeIntersectionObserver } from "./fake-intersection-observer";
import { act, render, screen } from "./testing-library";

function Part({ watch = true }: { watch?: boolean }) {
  const [ref, inView] = useInView<HTMLDivElement>(watch);
  return <div ref={ref}>{inView ? "drawn" : "waiting"}</div>;
}

afterEach(() => {
  vi.unstubAllGlobals();
  FakeIntersectionObserver.last = undefined;
});

describe("useInView", () => {
  it("waits until the element comes into view, then stays true", () => {
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    render(<Part />);
    expect(screen.getByText("waiting")).toBeTruthy();
    const observer = FakeIntersectionObserver.last;
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
    vi.stubGlobal("IntersectionObserver", FakeIntersectionObserver);
    const { rerender } = render(<Part watch={false} />);
    expect(FakeIntersectionObserver.last).toBeUndefined();
    rerender(<Part watch />);
    const observer = FakeIntersectionObserver.last;
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
