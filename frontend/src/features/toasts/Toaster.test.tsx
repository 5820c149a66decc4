import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithStore } from '../../test-utils/render-app';
import { showToast } from './toast-thunks';
import { TOAST_DURATION_MS, TOAST_SWIPE_THRESHOLD_PX } from './toast-timings';
import { Toaster } from './Toaster';

function renderToasterWith(toast: Parameters<typeof showToast>[0]) {
  const view = renderWithStore(<Toaster />);
  act(() => {
    view.store.dispatch(showToast(toast));
  });
  return view;
}

// jsdom has no pointer capture; Radix calls it while a toast is swiped.
beforeEach(() => {
  Element.prototype.setPointerCapture = () => {};
  Element.prototype.releasePointerCapture = () => {};
  Element.prototype.hasPointerCapture = () => false;
});

function swipeRight(element: HTMLElement, distance: number) {
  fireEvent.pointerDown(element, { button: 0, clientX: 100, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance / 2, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(element, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
  fireEvent.pointerUp(element, { clientX: 100 + distance, clientY: 10, pointerId: 1 });
}

describe('Toaster', () => {
  it('shows the title and description of the toast in a labelled region', () => {
    renderToasterWith({ title: 'Something went wrong', description: 'Please try again.' });
    expect(screen.getByRole('region', { name: /Notifications/ })).toBeInTheDocument();
    const toast = screen.getByRole('listitem');
    expect(toast).toHaveTextContent('Something went wrong');
    expect(toast).toHaveTextContent('Please try again.');
  });

  it('closes when its dismiss button is pressed', () => {
    const { store } = renderToasterWith({ description: 'Saved' });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(store.getState().toasts.toasts[0]?.open).toBe(false);
  });

  it(`dismisses a toast swiped right past ${TOAST_SWIPE_THRESHOLD_PX} px, not before`, () => {
    const { store } = renderToasterWith({ description: 'Saved' });
    const toast = screen.getByRole('listitem');
    swipeRight(toast, TOAST_SWIPE_THRESHOLD_PX - 10);
    expect(store.getState().toasts.toasts[0]?.open).toBe(true);
    swipeRight(toast, TOAST_SWIPE_THRESHOLD_PX + 10);
    expect(store.getState().toasts.toasts[0]?.open).toBe(false);
  });

  describe('timing', () => {
    beforeEach(() => {
      jest.useFakeTimers();
    });
    afterEach(() => {
      jest.useRealTimers();
    });

    it(`closes by itself after ${TOAST_DURATION_MS} ms`, () => {
      const { store } = renderToasterWith({ description: 'Saved' });
      act(() => {
        jest.advanceTimersByTime(TOAST_DURATION_MS - 1);
      });
      expect(store.getState().toasts.toasts[0]?.open).toBe(true);
      act(() => {
        jest.advanceTimersByTime(1);
      });
      expect(store.getState().toasts.toasts[0]?.open).toBe(false);
    });
  });
});
