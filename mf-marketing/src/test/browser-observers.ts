// jsdom has no layout, so no ResizeObserver or IntersectionObserver. These stand-ins say every observed
// element is in view at once (lazy sections render, the slider measures nothing), and matchMedia answers
// as a wide screen unless a test installs its own.
class ResizeObserverStandIn {
  observe() {}
  unobserve() {}
  disconnect() {}
}

class IntersectionObserverStandIn {
  constructor(private readonly callback: IntersectionObserverCallback) {}
  observe(target: Element) {
    queueMicrotask(() => this.callback([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
  }
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

Object.assign(window, { ResizeObserver: ResizeObserverStandIn, IntersectionObserver: IntersectionObserverStandIn });
window.matchMedia ??= ((query: string) =>
  ({ matches: /min-width/.test(query), media: query, addEventListener() {}, removeEventListener() {} }) as unknown as MediaQueryList) as typeof window.matchMedia;
