import { act } from '@testing-library/react';
import { onTestFinished, vi } from 'vitest';

/**
 * jsdom lays nothing out: elements measure `width` (clientWidth) and a ResizeObserver reports at once
 * when it starts observing and whenever `resize` is called, as the browser does. For the current
 * test only.
 */
export function fakeLayout(initialWidth: number) {
  let width = initialWidth;
  const observers = new Set<FakeResizeObserver>();
  class FakeResizeObserver {
    constructor(private readonly callback: ResizeObserverCallback) {}
    observe() {
      observers.add(this);
      this.callback([], this);
    }
    unobserve() {}
    disconnect() {
      observers.delete(this);
    }
    report() {
      this.callback([], this);
    }
  }
  // The test setup's stand-in is writable but not configurable, so it is swapped, not stubbed.
  const original = globalThis.ResizeObserver;
  globalThis.ResizeObserver = FakeResizeObserver;
  const clientWidth = vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockImplementation(() => width);
  onTestFinished(() => {
    globalThis.ResizeObserver = original;
    clientWidth.mockRestore();
  });
  return {
    resize(next: number) {
      width = next;
      act(() => observers.forEach((observer) => observer.report()));
    },
  };
}
