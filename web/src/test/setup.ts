import "@testing-library/jest-dom/vitest";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";

// A few tests run in the node environment (no DOM): the browser set-up applies only with a window.
if (typeof window !== "undefined") {
  const { cleanup } = await import("@testing-library/react");
  const { changeLanguage, initI18n } = await import("@/lib/i18n");
  const { installMatchMedia, resetMedia } = await import("./media");

  // What Radix primitives expect from a browser and jsdom lacks.
  class ResizeObserverStub {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
  Element.prototype.scrollIntoView ??= function scrollIntoView() {};
  Element.prototype.hasPointerCapture ??= () => false;
  Element.prototype.releasePointerCapture ??= () => {};

  beforeAll(async () => {
    installMatchMedia();
    await initI18n("en");
  });

  beforeEach(async () => {
    installMatchMedia();
    await changeLanguage("en");
    window.localStorage.clear();
  });

  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    resetMedia();
    window.localStorage.clear();
    document.documentElement.className = "";
  });
}
