import "@testing-library/jest-dom/vitest";
import { cleanup } from "@testing-library/react";
import { afterEach, beforeAll, beforeEach, vi } from "vitest";
import { changeLanguage, initI18n } from "@/lib/i18n";
import { installMatchMedia, resetMedia } from "./media";

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
