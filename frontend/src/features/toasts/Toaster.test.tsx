import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
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

const booking = {
  description: 'Thank you.',
  link: { href: 'https://cal.com/acme/call?name=Ada', label: 'Book your call now' },
};

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

  it('offers a toast’s link, opening in a new tab, and says so to screen readers', async () => {
    renderToasterWith(booking);
    const toast = screen.getByRole('listitem');
    const link = within(toast).getByRole('link', {
      name: 'Book your call now (opens in a new tab)',
    });
    expect(link).toHaveAttribute('href', booking.link.href);
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    // Radix announces a new toast by its text in a live region of its own, the link's included.
    const announced = await screen.findByText((_, element) =>
      Boolean(
        element?.getAttribute('aria-live') === 'assertive' &&
        element.textContent?.includes('Thank you.') &&
        element.textContent.includes('Book your call now (opens in a new tab)'),
      ),
    );
    expect(announced).toHaveAttribute('role', 'status');
  });

  it('lets a keyboard reach a toast’s link: by Tab, or F8 to the notifications and on', async () => {
    const user = userEvent.setup();
    renderToasterWith(booking);
    const link = screen.getByRole('link', { name: /Book your call now/ });
    await user.tab();
    expect(screen.getByRole('listitem')).toHaveFocus();
    await user.tab();
    expect(link).toHaveFocus();

    (document.activeElement as HTMLElement).blur();
    fireEvent.keyDown(document, { key: 'F8', code: 'F8' });
    const region = screen.getByRole('region', { name: /Notifications/ });
    expect(region).toContainElement(document.activeElement as HTMLElement);
    await user.tab();
    await user.tab();
    expect(link).toHaveFocus();
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

    it('keeps a toast with a link open until the visitor closes it', () => {
      const { store } = renderToasterWith(booking);
      act(() => {
        jest.advanceTimersByTime(TOAST_DURATION_MS * 12);
      });
      expect(store.getState().toasts.toasts[0]?.open).toBe(true);
      fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
      expect(store.getState().toasts.toasts[0]?.open).toBe(false);
    });
  });
});
