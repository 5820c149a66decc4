import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Delivery, Overview } from '../../api/inbox-api';
import { inboxEntry } from '../../test-utils/lead-fixtures';
import {
  answerRequests,
  json,
  notFound,
  renderConsole as open,
} from '../../test-utils/render-console';

// The inbox, the overview and the notifications screen with owners and promises (issue 30),
// against a console API played in memory.
let overview: Partial<Overview>;
let calls: string[];

const entry = inboxEntry;
const LEADS = [
  entry('1', {
    owner: 'rosa',
    due: { step: 'callback', at: '2026-11-26T13:00:00Z', overdue: false, soon: true },
  }),
  entry('2', {
    kind: 'accessibility',
    due: { step: 'acknowledge', at: '2026-11-20T15:00:00Z', overdue: true, soon: false },
  }),
  entry('3', {
    status: 'contacted',
    meeting: {
      scheduler: 'cal.com',
      status: 'booked',
      startsAt: '2026-11-30T09:30:00Z',
      endsAt: '2026-11-30T10:00:00Z',
      host: 'Sam Host',
    },
  }),
];
const FAILED: Delivery = {
  id: 'd1',
  submissionId: '1',
  channel: 'email',
  purpose: 'escalation:callback',
  status: 'failed',
  attempts: 5,
  lastError: 'connection refused',
  createdAt: '2026-11-25T13:00:00Z',
  updatedAt: '2026-11-25T14:00:00Z',
  sentAt: null,
};

function api(url: string): Response {
  if (url === '/api/console/me')
    return json({ username: 'rosa', role: 'member', hasPassword: true });
  if (url.startsWith('/api/console/leads/counts')) return json({ new: LEADS.length });
  if (url.startsWith('/api/console/leads?') || url === '/api/console/leads')
    return json({ leads: LEADS, next: null });
  if (url === '/api/console/overview') return json(overview);
  if (url.startsWith('/api/console/deliveries')) return json([FAILED]);
  return notFound();
}

beforeEach(() => {
  overview = { since: '2026-09-01T00:00:00Z', weekly: [], firstResponse: [] };
  calls = answerRequests(api);
});

describe('the inbox', () => {
  it('shows each lead’s owner and promise, and filters by owner and due soon in the address', async () => {
    const user = userEvent.setup();
    open('/console/');
    const table = await screen.findByRole('table', { name: /Leads/ });
    expect(within(table).getByRole('columnheader', { name: 'Owner' })).toBeVisible();
    const [, first, second] = within(table).getAllByRole('row');
    expect(
      within(first!).getByText('Call back by 26 Nov 2026, 14:00 CET (due soon)'),
    ).toBeVisible();
    expect(within(first!).getAllByRole('cell').at(-1)).toHaveTextContent(/rosa$/);
    expect(
      within(second!).getByText('Acknowledge by 20 Nov 2026, 16:00 CET (overdue)'),
    ).toHaveClass('overdue');
    expect(within(second!).getAllByRole('cell').at(-1)).toHaveTextContent(/Unowned$/);
    // A booked call shows beside the status (issue 42), in the operators' time zone.
    const booked = within(table).getAllByRole('row')[3]!;
    expect(within(booked).getByText('Call booked: 30 Nov 2026, 10:30 CET – 11:00')).toHaveClass(
      'meeting',
    );

    const filters = screen.getByRole('search', { name: 'Filter the inbox' });
    const due = within(filters).getByLabelText('Promise due');
    // The due filter is about every promise, not accessibility feedback alone.
    expect(due).toHaveAccessibleDescription(/contact requests/);
    await user.selectOptions(within(filters).getByLabelText('Owner'), 'Mine');
    await user.selectOptions(due, 'Due soon');
    await user.click(within(filters).getByRole('button', { name: 'Apply filter' }));
    await waitFor(() => expect(window.location.search).toBe('?owner=mine&due=soon'));
    // The parameters go in the order the API's description lists them.
    await waitFor(() => expect(calls).toContain('GET /api/console/leads?due=soon&owner=mine'));
    expect(within(screen.getByRole('search')).getByLabelText('Owner')).toHaveValue('mine');
    expect(
      within(within(screen.getByRole('search')).getByLabelText('Owner'))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Anyone', 'Mine', 'Unowned']);
  });
});

describe('the inbox’s filter on a phone', () => {
  it('is a disclosure, closed at first, that says how many filters are active', async () => {
    const user = userEvent.setup();
    open('/console/?kind=contact&owner=mine');
    await screen.findByRole('table', { name: /Leads/ });
    // Hidden wider than 40rem by console.css, which jsdom does not apply.
    const toggle = screen.getByRole('button', { name: 'Filters (2 active)' });
    const form = screen.getByRole('search', { name: 'Filter the inbox' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', form.id);
    expect(form).toHaveClass('collapsed');
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(form).not.toHaveClass('collapsed');

    // Applied, the form is drawn anew (closed) and focus is not lost to the page's start.
    await user.selectOptions(within(form).getByLabelText('Kind'), '');
    await user.click(within(form).getByRole('button', { name: 'Apply filter' }));
    await waitFor(() => expect(window.location.search).toBe('?owner=mine'));
    expect(screen.getByRole('button', { name: 'Filters (1 active)' })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
    expect(screen.getByRole('button', { name: 'Apply filter' })).toHaveFocus();
  });
});

describe('the overview', () => {
  it('shows the promises kept per week and the open ones as links to their filter', async () => {
    overview = {
      ...overview,
      promises: [
        {
          week: '2026-11-23',
          kind: 'contact',
          answered: 3,
          kept: 3,
          late: 1,
          open: 2,
          keptShare: 0.75,
          medianHours: 2.5,
          p90Hours: 19.999,
        },
        {
          week: '2026-11-23',
          kind: 'accessibility',
          answered: 0,
          kept: 0,
          late: 0,
          open: 1,
          keptShare: null,
          medianHours: null,
          p90Hours: null,
        },
      ],
      due: [
        { kind: 'contact', step: 'callback', overdue: 2, soon: 1 },
        { kind: 'accessibility', step: 'acknowledge', overdue: 0, soon: 4 },
      ],
    };
    open('/console/overview');
    const kept = await screen.findByRole('table', { name: /Promises kept per week/ });
    const cells = (name: RegExp) =>
      within(within(kept).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/Contact request/)).toEqual([
      'Contact request',
      '3',
      '75 % (3 of 4)',
      '2 h 30 min',
      '20 h 0 min',
    ]);
    expect(cells(/Accessibility feedback/)).toEqual([
      'Accessibility feedback',
      '0',
      'none due yet',
      'none yet',
      'none yet',
    ]);

    const open_ = screen.getByRole('region', { name: 'Open promises' });
    expect(
      within(open_).getByRole('link', { name: '2 overdue (Contact request, call back)' }),
    ).toHaveAttribute('href', '/console/?kind=contact&due=overdue');
    expect(
      within(open_).getByRole('link', { name: '4 due soon (Accessibility feedback, acknowledge)' }),
    ).toHaveAttribute('href', '/console/?kind=accessibility&status=new&due=soon');
  });

  it('shows the calls booked per week: in time, the time to booking, and without a form', async () => {
    overview = {
      ...overview,
      bookings: [
        {
          week: '2026-11-16',
          requests: 0,
          booked: 0,
          inPromise: 0,
          share: null,
          medianHours: null,
          p90Hours: null,
          noForm: 1,
        },
        {
          week: '2026-11-23',
          requests: 8,
          booked: 5,
          inPromise: 4,
          share: 0.5,
          medianHours: 0.75,
          p90Hours: 30,
          noForm: 2,
        },
      ],
    };
    open('/console/overview');
    const table = await screen.findByRole('table', { name: /Calls booked through the scheduler/ });
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/23 Nov/)).toEqual(['8', '5', '50 % (4 of 8)', '45 min', '30 h 0 min', '2']);
    expect(cells(/16 Nov/)).toEqual(['0', '0', 'no requests', 'none yet', 'none yet', '1']);
  });

  it("shows each page's 75th percentile as visitors measured it, in a table", async () => {
    overview = {
      ...overview,
      field: [
        { route: '/', metric: 'LCP', views: 40, p75: 1.2 },
        { route: '/', metric: 'INP', views: 12, p75: 0.1 },
        { route: '/', metric: 'CLS', views: 40, p75: 0.01 },
        { route: '404', metric: 'TTFB', views: 3, p75: null },
      ],
    };
    open('/console/overview');
    const table = await screen.findByRole('table', { name: /75th percentile per page/ });
    const cells = (name: RegExp) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/^\//)).toEqual(['40', '≤ 1.2 s', '≤ 100 ms', '≤ 0.01', '–', '–']);
    expect(cells(/Not found/)).toEqual(['3', '–', '–', '–', '–', 'over 60 s']);
  });

  it('still shows an older service’s accessibility counts', async () => {
    overview = { ...overview, accessibility: { overdue: 1, dueToday: 2 } };
    open('/console/overview');
    const promises = await screen.findByRole('region', { name: 'Accessibility promises' });
    expect(within(promises).getByRole('link', { name: '1 overdue' })).toHaveAttribute(
      'href',
      '/console/?kind=accessibility&due=overdue',
    );
    expect(screen.queryByRole('region', { name: 'Promises kept' })).toBeNull();
  });
});

describe('the notifications screen', () => {
  it('says what each notification is for', async () => {
    open('/console/deliveries');
    const table = await screen.findByRole('table', { name: /Notifications/ });
    expect(within(table).getByRole('columnheader', { name: 'For' })).toBeVisible();
    const row = within(table).getAllByRole('row')[1]!;
    expect(within(row).getByRole('cell', { name: 'escalation: call back' })).toBeVisible();
    expect(within(row).getByRole('cell', { name: 'Email' })).toBeVisible();
  });
});
