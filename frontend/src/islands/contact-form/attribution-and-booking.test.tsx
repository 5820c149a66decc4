import { afterEach, describe, expect, it, jest } from '@jest/globals';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ContactForm } from '../../features/contact-form/ContactForm';
import {
  ACCESSIBILITY_SUBJECT,
  BOOK_CALL_LABEL,
  SUCCESS_TOAST_TEXT,
} from '../../features/contact-form/contact-form-copy';
import { TOAST_DURATION_MS } from '../../features/toasts/toast-timings';
import { jsonResponse, renderWithStore } from '../../test-utils/render-app';
import { ContactFormRoot } from './ContactFormRoot';

const receipt = { id: '6f1c2a9e-0000-4000-8000-000000000000', createdAt: '2025-09-03T10:00:00Z' };
const BOOKING_URL = 'https://cal.com/acme/discovery-call?booking=signed.token';

/** The fields as typed, with the spaces a visitor may leave around them. */
const TYPED = {
  name: '  Ada Lovelace ',
  email: 'ada@example.com ',
  company: 'Northbridge Capital',
  role: 'Managing Director',
};

async function fillAndSend(user: ReturnType<typeof userEvent.setup>, submit: RegExp | string) {
  await user.type(screen.getByLabelText(/Full name/), TYPED.name);
  await user.type(screen.getByLabelText(/Work email/), TYPED.email);
  await user.type(screen.getByLabelText(/Company/), TYPED.company);
  await user.type(screen.getByLabelText(/Role/), TYPED.role);
  await user.click(screen.getByRole('button', { name: submit }));
}

function sentBody(spy: { mock: { calls: unknown[][] } }): Record<string, unknown> {
  const init = spy.mock.calls[0]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body)) as Record<string, unknown>;
}

function setReferrer(referrer: string) {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}

afterEach(() => setReferrer(''));

describe('what brought the visitor, sent with the form', () => {
  it('sends the allow-listed parameters cut to their bound, the landing path and the other site', async () => {
    const campaign = 'q'.repeat(300);
    window.history.replaceState(
      null,
      '',
      `/?utm_source=linkedin&utm_medium=paid&utm_campaign=${campaign}&gclid=abc&evil=1`,
    );
    setReferrer('https://www.linkedin.com/');
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(receipt, 201));
    const user = userEvent.setup();
    render(<ContactFormRoot />);
    await fillAndSend(user, /Request a Discovery Call/);

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchSpy).attribution).toEqual({
      utm_source: 'linkedin',
      utm_medium: 'paid',
      utm_campaign: 'q'.repeat(200),
      gclid: 'abc',
      landing_path: '/',
      referrer_host: 'www.linkedin.com',
    });
  });

  it('sends the landing path and the referrer that earlier pages of the visit carried here', async () => {
    window.history.replaceState(
      null,
      '',
      '/accessibility?utm_source=newsletter&landing=%2Fabout&ref=duckduckgo.com',
    );
    // The page before was one of the site's own: no source of its own.
    setReferrer('http://localhost/about?utm_source=newsletter&landing=%2Fabout');
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(receipt, 201));
    const user = userEvent.setup();
    render(<ContactFormRoot subject={ACCESSIBILITY_SUBJECT} submitLabel="Send Feedback" />);
    await fillAndSend(user, 'Send Feedback');

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchSpy).attribution).toEqual({
      utm_source: 'newsletter',
      landing_path: '/about',
      referrer_host: 'duckduckgo.com',
    });
  });

  it('sends no attribution field when there is nothing to say', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(receipt, 201));
    const user = userEvent.setup();
    renderWithStore(
      <ContactForm readAttribution={() => undefined} onSuccess={() => {}} onFailure={() => {}} />,
    );
    await fillAndSend(user, /Request a Discovery Call/);

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchSpy)).not.toHaveProperty('attribution');
  });
});

describe('the booking link in the success toast', () => {
  it('opens the scheduler in a new tab with the name and address the visitor typed', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ ...receipt, bookingUrl: BOOKING_URL }, 201));
    const user = userEvent.setup();
    render(<ContactFormRoot />);
    await fillAndSend(user, /Request a Discovery Call/);

    const toast = await screen.findByRole('listitem');
    expect(toast).toHaveTextContent(SUCCESS_TOAST_TEXT);
    const link = await within(toast).findByRole('link', {
      name: `${BOOK_CALL_LABEL} (opens in a new tab)`,
    });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')?.split(' ')).toContain('noopener');
    const url = new URL(link.getAttribute('href')!);
    expect(url.origin + url.pathname).toBe('https://cal.com/acme/discovery-call');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      booking: 'signed.token',
      name: 'Ada Lovelace',
      email: 'ada@example.com',
    });
  });

  it('is not there when the service gives no link', async () => {
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(receipt, 201));
    const user = userEvent.setup();
    render(<ContactFormRoot />);
    await fillAndSend(user, /Request a Discovery Call/);

    const toast = await screen.findByRole('listitem');
    expect(toast).toHaveTextContent(SUCCESS_TOAST_TEXT);
    expect(within(toast).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the toast open until the visitor closes it', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(jsonResponse({ ...receipt, bookingUrl: BOOKING_URL }, 201));
    // Fake timers from the start, so that a display timer Radix started would be run here.
    jest.useFakeTimers();
    try {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<ContactFormRoot />);
      await fillAndSend(user, /Request a Discovery Call/);
      const toast = await screen.findByRole('listitem');
      await within(toast).findByRole('link');

      act(() => {
        jest.advanceTimersByTime(TOAST_DURATION_MS * 12);
      });
      expect(toast).toHaveAttribute('data-state', 'open');
      fireEvent.click(within(toast).getByRole('button', { name: 'Dismiss notification' }));
      expect(toast).toHaveAttribute('data-state', 'closed');
    } finally {
      jest.useRealTimers();
    }
  });
});
