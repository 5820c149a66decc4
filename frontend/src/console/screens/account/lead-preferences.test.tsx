import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { LeadPreferences } from '../../api/console-api';
import { answerRequests, json, notFound, openConsoleAt } from '../../test-utils/render-console';

// The account screen's "Leads" form against a console API played in memory: what it shows as
// stored, what it sends, what is announced, and a refusal.
let stored: LeadPreferences;
let calls: string[];

function api(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  if (url === '/api/console/me')
    return json({ username: 'rosa', role: 'member', hasPassword: true });
  if (url === '/api/console/account/preferences' && method === 'GET') return json(stored);
  if (url === '/api/console/account/preferences' && method === 'PUT') {
    const sent = JSON.parse(String(init?.body)) as LeadPreferences;
    if (sent.email === 'not-an-address') {
      return json(
        { status: 400, error: 'Bad Request', message: 'That email address cannot be used.' },
        400,
      );
    }
    stored = sent;
    return json(sent);
  }
  if (url.startsWith('/api/console/account/')) return json([]);
  return notFound();
}

beforeEach(() => {
  stored = { email: 'old@bank.example', autoAssign: false, awayUntil: null };
  calls = answerRequests(api, { bodies: true });
});

const open = () => openConsoleAt('/console/account', 'region', 'Leads');

describe('the account screen’s lead preferences', () => {
  it('shows the stored preferences, saves them and says so', async () => {
    const user = userEvent.setup();
    let form = await open();
    let email = await within(form).findByLabelText('Email for reminders');
    expect(email).toHaveValue('old@bank.example');
    expect(email).toHaveAttribute('type', 'email');
    expect(email).toHaveAttribute('autocomplete', 'email');
    const turn = within(form).getByRole('checkbox', {
      name: 'Give me new leads in turn (automatic assignment)',
    });
    expect(turn).not.toBeChecked();
    let away = within(form).getByLabelText('Away until (no leads are given to you until then)');
    expect(away).toHaveAttribute('type', 'date');

    await user.clear(email);
    await user.type(email, 'rosa@bank.example');
    await user.click(turn);
    fireEvent.change(away, { target: { value: '2026-12-24' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(within(form).getByRole('status')).toHaveTextContent('Saved.'));
    expect(calls).toContain(
      'PUT /api/console/account/preferences {"email":"rosa@bank.example","autoAssign":true,"awayUntil":"2026-12-24"}',
    );

    // The answer updates the read's copy, which the screen shows when it opens again.
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await user.click(await screen.findByRole('link', { name: 'Your account' }));
    form = await screen.findByRole('region', { name: 'Leads' });
    email = within(form).getByLabelText('Email for reminders');
    away = within(form).getByLabelText(/Away until/);
    expect(email).toHaveValue('rosa@bank.example');
    expect(within(form).getByRole('checkbox')).toBeChecked();
    expect(away).toHaveValue('2026-12-24');

    // Emptied, the address and the day are "none".
    await user.clear(email);
    fireEvent.change(away, { target: { value: '' } });
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(calls).toContain(
        'PUT /api/console/account/preferences {"email":null,"autoAssign":true,"awayUntil":null}',
      ),
    );
    // Nothing was read again: the read's copy took the answers.
    expect(calls.filter((call) => call === 'GET /api/console/account/preferences')).toHaveLength(1);
  });

  it('shows a refusal as a problem, focused, the fields pointing at it', async () => {
    const user = userEvent.setup();
    const form = await open();
    const email = await within(form).findByLabelText('Email for reminders');
    await user.clear(email);
    await user.type(email, 'not-an-address');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('That email address cannot be used.');
    expect(alert).toHaveFocus();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/That email address cannot be used/);
    expect(within(form).getByRole('status')).toHaveTextContent('');
  });
});
