import { describe, expect, it, jest } from '@jest/globals';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToString } from 'react-dom/server';
import {
  ACCESSIBILITY_SUBJECT,
  ERROR_TOAST_TITLE,
  SUBMITTING_LABEL,
  SUCCESS_TOAST_TEXT,
  errorToastText,
} from '../../features/contact-form/contact-form-copy';
import { HONEYPOT_FIELD } from '../../features/contact-form/contact-form-values';
import { INVALID_EMAIL_MESSAGE } from '../../features/contact-form/contact-schema';
import { siteConfig } from '../../shared/site-config';
import { jsonResponse } from '../../test-utils/render-app';
import { ContactFormRoot } from './ContactFormRoot';

const receipt = { id: '6f1c2a9e-0000-4000-8000-000000000000', createdAt: '2025-09-03T10:00:00Z' };

/**
 * What every request from this page says brought the visitor: the page's path, as the landing
 * path of a visit without parameters (features/attribution; attribution-and-booking.test.tsx).
 */
const FROM_THIS_PAGE = { attribution: { landing_path: '/' } };

function renderForm(props: Parameters<typeof ContactFormRoot>[0] = {}) {
  const user = userEvent.setup();
  return { user, ...render(<ContactFormRoot {...props} />) };
}

/** The required fields as fillRequired types them, and as the body sends them. */
const REQUIRED = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Northbridge Capital',
  role: 'Managing Director',
};

async function fillRequired(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText(/Full name/), REQUIRED.name);
  await user.type(screen.getByLabelText(/Work email/), REQUIRED.email);
  await user.type(screen.getByLabelText(/Company/), REQUIRED.company);
  await user.type(screen.getByLabelText(/Role/), REQUIRED.role);
}

function sentBody(spy: { mock: { calls: unknown[][] } }, call = 0): unknown {
  const init = spy.mock.calls[call]?.[1] as RequestInit | undefined;
  return JSON.parse(String(init?.body));
}

/** The Idempotency-Key header of each request the form sent, in order. */
function sentKeys(spy: { mock: { calls: unknown[][] } }): (string | undefined)[] {
  return spy.mock.calls.map((call) => {
    const headers = (call[1] as RequestInit | undefined)?.headers as Record<string, string>;
    return headers['Idempotency-Key'];
  });
}

/** The second request carries a key of its own: both keys are UUIDs, and they differ. */
function expectNewKey(spy: { mock: { calls: unknown[][] } }) {
  const [first, second] = sentKeys(spy);
  expect(first).toMatch(UUID);
  expect(second).toMatch(UUID);
  expect(second).not.toBe(first);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const serviceUnavailable = () =>
  new Response('', { status: 503, statusText: 'Service Unavailable' });

const submitButton = () => screen.getByRole('button', { name: /Request a Discovery Call/ });

describe('contact form', () => {
  it('starts with every field empty and the honeypot hidden from people and assistive tech', () => {
    const { container } = renderForm();
    for (const label of [/Full name/, /Work email/, /Company/, /Role/, /Message/]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(screen.getByLabelText(/Work email/)).toHaveAttribute('type', 'email');
    expect(container.querySelector('form')).toHaveAttribute('novalidate');

    const honeypot = container.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`);
    expect(honeypot).toHaveAttribute('type', 'checkbox');
    expect(honeypot).not.toBeChecked();
    expect(honeypot).toHaveAttribute('tabindex', '-1');
    expect(honeypot).toHaveAttribute('autocomplete', 'off');
    expect(honeypot?.closest('[aria-hidden="true"]')).toHaveClass('hp-field');
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    // No text field a browser or password manager would fill in by itself.
    expect(container.querySelector('input[name="website"]')).toBeNull();
  });

  it('shows the email message next to the field and focuses the first invalid field', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch');
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Full name/), 'Ada Lovelace');
    await user.type(screen.getByLabelText(/Work email/), 'ada@localhost');
    await user.type(screen.getByLabelText(/Company/), 'Northbridge Capital');
    await user.type(screen.getByLabelText(/Role/), 'Managing Director');
    await user.click(submitButton());

    const email = screen.getByLabelText(/Work email/);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(INVALID_EMAIL_MESSAGE);
    expect(email).toHaveFocus();
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('flags empty required fields and focuses the first of them', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Work email/), 'ada@example.com');
    await user.click(submitButton());

    expect(screen.getByLabelText(/Full name/)).toHaveFocus();
    for (const label of [/Full name/, /Company/, /Role/]) {
      expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');
    }
    expect(screen.getByLabelText(/Work email/)).not.toHaveAttribute('aria-invalid');
    expect(screen.getByLabelText(/Message/)).not.toHaveAttribute('aria-invalid');
  });

  it('clears a field error once the visitor corrects it', async () => {
    const { user } = renderForm();
    await user.type(screen.getByLabelText(/Work email/), 'ada@');
    await user.click(submitButton());
    expect(screen.getByText(INVALID_EMAIL_MESSAGE)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Work email/), 'example.com');
    expect(screen.queryByText(INVALID_EMAIL_MESSAGE)).not.toBeInTheDocument();
  });

  it('sends the exact payload, disables the button while submitting, then resets and thanks', async () => {
    let answer: (response: Response) => void = () => {};
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockReturnValue(new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = renderForm();
    await fillRequired(user);
    await user.type(screen.getByLabelText(/Message/), 'A pilot for our M&A team.');
    await user.click(submitButton());

    const busy = await screen.findByRole('button', { name: SUBMITTING_LABEL });
    expect(busy).toBeDisabled();
    expect(fetchSpy).toHaveBeenCalledTimes(1);
    expect(fetchSpy.mock.calls[0]?.[0]).toBe('/api/contact');
    expect(fetchSpy.mock.calls[0]?.[1]).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(sentBody(fetchSpy)).toEqual({
      ...REQUIRED,
      message: 'A pilot for our M&A team.',
      ...FROM_THIS_PAGE,
    });

    answer(jsonResponse(receipt, 201));

    const toast = await screen.findByRole('listitem');
    expect(toast).toHaveTextContent(SUCCESS_TOAST_TEXT);
    expect(screen.getAllByRole('status').some((s) => s.textContent === SUCCESS_TOAST_TEXT)).toBe(
      true,
    );
    expect(submitButton()).toBeEnabled();
    for (const label of [/Full name/, /Work email/, /Company/, /Role/, /Message/]) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
  });

  it('shows the destructive toast with the general address when the service fails', async () => {
    jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValue(new Response('', { status: 503, statusText: 'Service Unavailable' }));
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(submitButton());

    const toast = await screen.findByRole('listitem');
    expect(toast).toHaveAttribute('data-variant', 'destructive');
    expect(within(toast).getByText(ERROR_TOAST_TITLE)).toBeInTheDocument();
    expect(
      within(toast).getByText(
        `Please try again or email us directly at ${siteConfig.contactEmail}`,
      ),
    ).toBeInTheDocument();
    expect(errorToastText(siteConfig.contactEmail)).toBe(
      'Please try again or email us directly at hello@example.com',
    );
    const inline = screen.getAllByRole('status').find((s) => s.classList.contains('form-status'));
    expect(inline).toHaveTextContent(
      `${ERROR_TOAST_TITLE}. ${errorToastText(siteConfig.contactEmail)}.`,
    );
    // The values stay so the visitor can try again.
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Ada Lovelace');
    expect(submitButton()).toBeEnabled();
  });

  it('shows field errors the service reports', async () => {
    const body = {
      status: 400,
      error: 'Bad Request',
      message: 'Please correct the highlighted fields and send the form again.',
      fields: { email: INVALID_EMAIL_MESSAGE },
    };
    jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(body, 400));
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(submitButton());

    await waitFor(() => expect(screen.getByLabelText(/Work email/)).toHaveFocus());
    expect(screen.getByLabelText(/Work email/)).toHaveAccessibleDescription(INVALID_EMAIL_MESSAGE);
  });

  it('prefixes the message with the subject and a blank line', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(receipt, 201));
    const placeholder = 'Describe the barrier you found.';
    const { user } = renderForm({
      subject: ACCESSIBILITY_SUBJECT,
      messagePlaceholder: placeholder,
      submitLabel: 'Send Feedback',
    });
    expect(screen.getByLabelText(/Message/)).toHaveAttribute('placeholder', placeholder);
    await fillRequired(user);
    await user.type(screen.getByLabelText(/Message/), 'Low contrast in the footer.');
    await user.click(screen.getByRole('button', { name: 'Send Feedback' }));

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchSpy)).toMatchObject({
      message: 'Subject: Accessibility Feedback\n\nLow contrast in the footer.',
    });
  });

  it('sends the subject with an empty message when the visitor wrote none', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(receipt, 201));
    const { user } = renderForm({ subject: ACCESSIBILITY_SUBJECT });
    await fillRequired(user);
    await user.click(submitButton());

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchSpy)).toEqual({
      ...REQUIRED,
      message: 'Subject: Accessibility Feedback\n\n',
      ...FROM_THIS_PAGE,
    });
  });
});

describe('honeypot', () => {
  it('sends contact_me_by_fax_only: true only when a bot ticked it', async () => {
    const fetchSpy = jest.spyOn(globalThis, 'fetch').mockResolvedValue(jsonResponse(receipt, 201));
    const { user, container } = renderForm();
    await fillRequired(user);
    const honeypot = container.querySelector<HTMLInputElement>(`input[name="${HONEYPOT_FIELD}"]`);
    if (!honeypot) throw new Error('no honeypot');
    await user.click(honeypot);
    await user.click(submitButton());

    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(1));
    expect(sentBody(fetchSpy)).toEqual({
      ...REQUIRED,
      message: '',
      contact_me_by_fax_only: true,
      ...FROM_THIS_PAGE,
    });
  });
});

describe('Idempotency-Key', () => {
  it('is a UUID, and the same when the visitor retries after a failure', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(serviceUnavailable())
      .mockResolvedValueOnce(serviceUnavailable())
      .mockResolvedValueOnce(jsonResponse(receipt, 201));
    const { user } = renderForm();
    await fillRequired(user);
    for (const attempt of [1, 2, 3]) {
      await user.click(submitButton());
      await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(attempt));
      await waitFor(() => expect(submitButton()).toBeEnabled());
    }

    const [first, ...retries] = sentKeys(fetchSpy);
    expect(first).toMatch(UUID);
    expect(retries).toEqual([first, first]);
    expect(sentBody(fetchSpy, 2)).toEqual(sentBody(fetchSpy, 0));
  });

  it('is new once a field was edited after a failure', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(serviceUnavailable())
      .mockResolvedValueOnce(jsonResponse(receipt, 201));
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(submitButton()).toBeEnabled());
    await user.type(screen.getByLabelText(/Message/), 'One more thing.');
    await user.click(submitButton());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));

    expectNewKey(fetchSpy);
  });

  it('is new for the next form after a success', async () => {
    const fetchSpy = jest
      .spyOn(globalThis, 'fetch')
      .mockResolvedValueOnce(jsonResponse(receipt, 201))
      .mockResolvedValueOnce(jsonResponse(receipt, 201));
    const { user } = renderForm();
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(screen.getByLabelText(/Full name/)).toHaveValue(''));
    await fillRequired(user);
    await user.click(submitButton());
    await waitFor(() => expect(fetchSpy).toHaveBeenCalledTimes(2));

    expectNewKey(fetchSpy);
    // The same values as before: only the key tells the service this is a new request.
    expect(sentBody(fetchSpy, 1)).toEqual(sentBody(fetchSpy, 0));
  });
});

describe('before the form code runs', () => {
  it('is prerendered disabled, with a way to reach us without JavaScript', () => {
    const html = renderToString(<ContactFormRoot />);
    expect(html).toMatch(/<fieldset class="form-fieldset" disabled="">/);
    expect(html).toContain(`<noscript>`);
    expect(html).toContain(`mailto:${siteConfig.contactEmail}`);
  });

  it('is enabled once it runs in the browser', () => {
    renderForm();
    expect(screen.getByRole('group')).toBeEnabled();
    expect(screen.getByLabelText(/Full name/)).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Request a Discovery Call' })).toBeEnabled();
  });
});
