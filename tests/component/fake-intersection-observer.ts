/**
 * A stand-in IntersectionObserver for component tests (jsdom has none): the test says when the
 * observed element comes into view. Install it with `vi.stubGlobal("IntersectionObserver",
 * FakeIntersectionObserver)`; `last` is the one the code under test made most recently.
 */
export class FakeIntersectionObserver {
  static last: FakeIntersectionObserver | undefined;
  observed: Element[] = [];
  disconnected = false;
  constructor(readonly callback: IntersectionObserverCallback) {
    FakeIntersectionObserver.last = this;
  }
  observe(element: Element) {
    this.observed.push(element);
  }
  disconnect() {
    this.disconnected = true;
  }
  show(isIntersecting = true) {
    const entries = this.observed.map((target) => ({ target, isIntersecting }));
    this.callback(
      entries as unknown as IntersectionObserverEntry[],
      this as unknown as IntersectionObserver,
    );
  }
}
