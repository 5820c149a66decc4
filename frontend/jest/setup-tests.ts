import '@testing-library/jest-dom/jest-globals';
import { afterEach, beforeEach, jest } from '@jest/globals';

// jsdom has no PointerEvent; Radix Toast's swipe reads clientX, pointerId and pointerType from it.
if (!('PointerEvent' in window)) {
  class PointerEventPolyfill extends MouseEvent {
    readonly pointerId: number;
    readonly pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.assign(window, { PointerEvent: PointerEventPolyfill });
}

// jsdom does not scroll; a fresh stub per test lets tests assert how the page would scroll.
beforeEach(() => {
  // Reset before rendering, not after: wouter would re-render still-mounted trees outside act().
  window.history.replaceState(null, '', '/');
  window.scrollTo = jest.fn() as unknown as typeof window.scrollTo;
  Element.prototype.scrollIntoView = jest.fn();
});

afterEach(() => {
  jest.restoreAllMocks();
});
