import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountInfo } from '../../api/admin-api';
import type { Me } from '../../api/console-api';
import type { Delivery, HistoryEntry, Lead } from '../../api/inbox-api';
import { openedLead, operatorAccount } from '../../test-utils/lead-fixtures';
import { answerRequests, json, notFound, openConsoleAt } from '../../test-utils/render-console';

// The lead screen's owner, promise, history and notifications against a console API played in
// memory: what a member and an admin see, what is sent, where focus goes, what is announced.
const DUE_AT = '2026-11-26T13:00:00Z';
const DUE_WORDS = '26 Nov 2026, 14:00 CET';
let me: Me;
let lead: Lead;
let accounts: AccountInfo[];
let refusal: string | null;
let calls: string[];

const baseLead = () =>
  openedLead({
    email: 'ada@bank.example',
    due: { step: 'callback', at: DUE_AT, overdue: false, soon: true },
  });
const account = operatorAccount;
const delivery = (id: string, more: Partial<Delivery>): Delivery => ({
  id,
  submissionId: 'L1',
  channel: 'email',
  purpose: 'lead',
  status: 'pending',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-25T13:00:00Z',
  updatedAt: '2026-11-25T14:00:00Z',
  sentAt: null,
  ...more,
});

function api(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  if (url === '/api/console/me') return json(me);
  if (url === '/api/console/admin/users') return json(accounts);
  if (url === '/api/console/leads/L1') return json(lead);
  if (url === '/api/console/leads/L1/owner' && method === 'PUT') {
    if (refusal) return json({ status: 403, error: 'Forbidden', message: refusal }, 403);
    const { owner } = JSON.parse(String(init?.body)) as { owner: string | null };
    const event: HistoryEntry = {
      at: '2026-11-25T14:00:00Z',
      actor: me.username,
      event: 'owner',
      from: lead.owner,
      to: owner,
    };
    lead = { ...lead, owner, history: [...lead.history, event] };
    return json(lead);
  }
  return notFound();
}

beforeEach(() => {
  me = { username: 'rosa', role: 'member', hasPassword: true };
  lead = baseLead();
  accounts = [
    account('boss', { role: 'admin' }),
    account('rosa'),
    account('max', { disabled: true }),
    account('newbie', { enrolled: false }),
    account('ada2'),
  ];
  refusal = null;
  calls = answerRequests(api, { bodies: true });
});

const open = () => openConsoleAt('/console/leads/L1', 'region', 'Owner');
const history = () =>
  within(screen.getByRole('region', { name: 'History' }))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

describe('the lead screen, for a member', () => {
  it('shows the call-back promise and takes and hands back the lead, focus on what comes next', async () => {
    const user = userEvent.setup();
    const owner = await open();
    expect(screen.getByText(`Call back by ${DUE_WORDS} (due soon)`)).toHaveClass('due', 'soon');
    expect(screen.getByText('Unowned')).toBeVisible();
    expect(within(owner).getByText(/Nobody owns this lead yet/)).toBeVisible();
    expect(within(owner).queryByLabelText('Assign to')).toBeNull();

    await user.click(within(owner).getByRole('button', { name: 'Take this lead' }));
    const handBack = await within(owner).findByRole('button', { name: 'Hand back to the team' });
    await waitFor(() => expect(handBack).toHaveFocus());
    expect(within(owner).getByRole('status')).toHaveTextContent('You own this lead now.');
    expect(within(owner).getByText('You own this lead.')).toBeVisible();
    expect(history()).toEqual([expect.stringContaining('rosa took the lead')]);

    await user.click(handBack);
    const take = await within(owner).findByRole('button', { name: 'Take this lead' });
    await waitFor(() => expect(take).toHaveFocus());
    expect(within(owner).getByRole('status')).toHaveTextContent('The lead is back with the team.');
    expect(history()[1]).toContain('rosa handed the lead back');
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([
      'PUT /api/console/leads/L1/owner {"owner":"rosa"}',
      'PUT /api/console/leads/L1/owner {"owner":null}',
    ]);
    // A member never reads the accounts (an admin's list).
    expect(calls).not.toContain('GET /api/console/admin/users');
  });

  it('offers nothing on a lead someone else owns', async () => {
    lead = { ...lead, owner: 'max' };
    const owner = await open();
    expect(owner).toHaveTextContent('max owns this lead.');
    expect(within(owner).queryAllByRole('button')).toHaveLength(0);
  });

  it('shows a refusal as a problem, focused', async () => {
    const user = userEvent.setup();
    // Someone took it meanwhile: the screen still offers it, the service refuses.
    refusal = 'max is on this lead: only an admin can give it to someone else.';
    const owner = await open();
    await user.click(within(owner).getByRole('button', { name: 'Take this lead' }));
    const alert = await within(owner).findByRole('alert');
    expect(alert).toHaveTextContent(refusal);
    expect(alert).toHaveFocus();
  });
});

describe('the lead screen, for an admin', () => {
  it('assigns the lead to an active operator and hands anyone’s back', async () => {
    const user = userEvent.setup();
    me = { ...me, username: 'boss', role: 'admin', hasPassword: true };
    lead = { ...lead, owner: 'rosa' };
    const owner = await open();
    const select = await within(owner).findByLabelText('Assign to');
    // Enrolled and not disabled, and not the owner already.
    expect(
      within(select)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['boss (you)', 'ada2']);
    await user.selectOptions(select, 'ada2');
    await user.click(within(owner).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(owner).toHaveTextContent('ada2 owns this lead.'));
    expect(within(owner).getByRole('status')).toHaveTextContent('The lead is assigned to ada2.');
    expect(history()).toEqual([
      expect.stringContaining('boss reassigned the lead from rosa to ada2'),
    ]);

    await user.click(within(owner).getByRole('button', { name: 'Hand back to the team' }));
    await waitFor(() =>
      expect(within(owner).getByRole('button', { name: 'Take this lead' })).toHaveFocus(),
    );
    expect(history()[1]).toContain('boss handed the lead of ada2 back to the team');
    expect(calls.filter((call) => call.startsWith('PUT'))).toEqual([
      'PUT /api/console/leads/L1/owner {"owner":"ada2"}',
      'PUT /api/console/leads/L1/owner {"owner":null}',
    ]);
  });
});

describe('the lead’s history and notifications', () => {
  it('tells each event as a sentence and what each notification is for', async () => {
    const at = '2026-11-25T13:30:00Z';
    lead = {
      ...lead,
      due: { step: 'callback', at: DUE_AT, overdue: true, soon: false },
      history: [
        { at, actor: 'auto-assign', event: 'owner', from: null, to: 'rosa' },
        { at, actor: 'promise-watch', event: 'reminder', step: 'callback', to: 'rosa' },
        { at, actor: 'promise-watch', event: 'reminder', step: 'acknowledge', to: 'the team' },
        {
          at,
          actor: 'promise-watch',
          event: 'escalation',
          step: 'callback',
          to: 'the admins and the team',
        },
        { at, actor: 'boss', event: 'owner', from: 'rosa', to: 'max' },
        { at, actor: 'max', event: 'status', from: 'new', to: 'contacted' },
        { at, actor: 'max', event: 'cancelled', step: 'callback', count: 2 },
        { at, actor: 'boss', event: 'cancelled', step: null, count: 1 },
      ],
      notifications: [
        delivery('1', { status: 'sent', sentAt: '2026-11-25T14:00:00Z' }),
        delivery('2', { purpose: 'reminder:callback', status: 'cancelled' }),
        delivery('3', { channel: 'slack', purpose: 'escalation' }),
      ],
    };
    await open();
    expect(screen.getByText(`Call back by ${DUE_WORDS} (overdue)`)).toHaveClass('overdue');
    const when = '25 Nov 2026, 14:30 CET: ';
    expect(history()).toEqual([
      `${when}The lead was given to rosa in turn (automatic assignment)`,
      `${when}Reminder sent to rosa: call back by ${DUE_WORDS}`,
      `${when}Reminder sent to the team: the acknowledgement is due soon`,
      `${when}Escalation sent to the admins and the team: the call-back is overdue (due ${DUE_WORDS})`,
      `${when}boss reassigned the lead from rosa to max`,
      `${when}New → Contacted, by max`,
      `${when}2 pending reminders about the call-back cancelled, by max`,
      `${when}1 pending notification cancelled, by boss`,
    ]);

    const table = within(screen.getByRole('region', { name: 'Notifications' })).getByRole('table');
    const rows = within(table)
      .getAllByRole('row')
      .map((row) =>
        within(row)
          .queryAllByRole('cell')
          .slice(0, 3)
          .map((cell) => cell.textContent),
      );
    expect(within(table).getByRole('columnheader', { name: 'For' })).toBeVisible();
    expect(rows.slice(1)).toEqual([
      ['Email to the team', 'the lead', 'Sent 25 Nov 2026, 15:00 CET'],
      ['Email', 'reminder: call back', 'Cancelled: no longer needed'],
      ['Slack', 'escalation', 'Pending'],
    ]);
  });
});

describe('the lead’s meeting', () => {
  it('shows the call booked through the scheduler, and each booking event in the history', async () => {
    lead = {
      ...baseLead(),
      status: 'contacted',
      due: null,
      meeting: {
        scheduler: 'calendly',
        status: 'rescheduled',
        startsAt: '2026-11-30T09:30:00Z',
        endsAt: '2026-11-30T10:00:00Z',
        host: '<b>Sam</b> Host',
      },
      history: [
        {
          at: '2026-11-25T14:00:00Z',
          actor: 'calendly',
          event: 'booking',
          status: 'booked',
          startsAt: '2026-11-29T09:30:00Z',
          endsAt: '2026-11-29T10:00:00Z',
          host: '<b>Sam</b> Host',
          matched: 'link',
        },
        {
          at: '2026-11-25T14:00:00Z',
          actor: 'calendly',
          event: 'status',
          from: 'new',
          to: 'contacted',
        },
        {
          at: '2026-11-26T08:00:00Z',
          actor: 'cal.com',
          event: 'booking',
          status: 'cancelled',
          startsAt: '2026-11-29T09:30:00Z',
          endsAt: '2026-11-29T10:00:00Z',
          host: null,
          matched: 'address',
        },
      ],
    };
    await open();
    const meeting = screen.getByText(/^Call rescheduled: 30 Nov 2026, 10:30 CET – 11:00 with/);
    expect(meeting).toHaveClass('meeting');
    expect(meeting.parentElement?.textContent).toBe(
      'Call rescheduled: 30 Nov 2026, 10:30 CET – 11:00 with <b>Sam</b> Host (Calendly)',
    );
    expect(history()).toEqual([
      '25 Nov 2026, 15:00 CET: Call booked: 29 Nov 2026, 10:30 CET – 11:00 with <b>Sam</b> Host, through Calendly, from the booking link the service sent',
      '25 Nov 2026, 15:00 CET: New → Contacted, by Calendly',
      '26 Nov 2026, 09:00 CET: Call cancelled: 29 Nov 2026, 10:30 CET – 11:00, through Cal.com, matched by the address the booker typed',
    ]);
  });
});
