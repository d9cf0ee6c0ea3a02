// jsdom lacks the browser APIs Mantine reads while rendering (media queries, element resizes, scrolling). The
// Node project's tests have no window: nothing to add there.
if (typeof window !== 'undefined') stubBrowserApis();

function stubBrowserApis(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }

  if (!('ResizeObserver' in window)) {
    class ResizeObserverStub {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.assign(window, { ResizeObserver: ResizeObserverStub });
  }

  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;

  // Textarea's autosize listens for web fonts loading.
  if (!('fonts' in document)) {
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener: () => undefined, removeEventListener: () => undefined, ready: Promise.resolve() },
    });
  }
}
