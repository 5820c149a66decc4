import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '../../api/console-api';
import type { InboxEntry } from '../../api/inbox-api';
import type { BulkRequest } from '../../api/inbox-api';
import { inboxEntry, operatorAccount } from '../../test-utils/lead-fixtures';
import { ALL_STATUSES, STATUS_LABELS, STATUSES_OF } from './words';
import { answerRequests, json, notFound, openConsoleAt } from '../../test-utils/render-console';

// The inbox's bulk actions against a console API played in memory: what is offered to whom, the
// one call's body, and how refusals are announced and kept selected.
const ADA = '0a1b2c3d-0000-4000-8000-000000000001';
const GRACE = '0a1b2c3d-0000-4000-8000-000000000002';
const ALAN = '0a1b2c3d-0000-4000-8000-000000000003';
const NOT_THIS_KIND = 'Accessibility feedback has no status “Contacted”.';
let me: Me;
let leads: InboxEntry[];
let refused: Record<string, string>;
let badRequest: string | null;
let bulkBodies: BulkRequest[];
let pageReads: number;

/** A row of the inbox named `name`. */
const entry = (id: string, name: string, more: Partial<InboxEntry> = {}) =>
  inboxEntry(id, { name, ...more });
const ACCOUNTS = [
  operatorAccount('boss', { role: 'admin' }),
  operatorAccount('rosa'),
  operatorAccount('max', { disabled: true }),
  operatorAccount('newbie', { enrolled: false }),
];

/** What the service does with a bulk request: each lead on its own, some refused. */
function bulk(request: BulkRequest): Response {
  bulkBodies.push(request);
  if (badRequest) return json({ status: 400, error: 'Bad Request', message: badRequest }, 400);
  const results = request.ids.map((id) => {
    const message = refused[id];
    if (message) return { id, ok: false, message };
    leads = leads.map((lead) =>
      lead.id !== id
        ? lead
        : request.action === 'status' && request.status
          ? { ...lead, status: request.status }
          : request.action === 'owner' && request.owner !== undefined
            ? { ...lead, owner: request.owner }
            : lead,
    );
    return { id, ok: true };
  });
  return json({ results });
}

function api(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  if (url === '/api/console/me') return json(me);
  if (url === '/api/console/admin/users') return json(ACCOUNTS);
  if (url.startsWith('/api/console/leads/counts')) return json({ new: leads.length });
  if (url === '/api/console/leads/bulk' && method === 'POST') {
    return bulk(JSON.parse(String(init?.body)) as BulkRequest);
  }
  if (url.startsWith('/api/console/leads?') || url === '/api/console/leads') {
    pageReads += 1;
    return json({ leads, next: null });
  }
  return notFound();
}

beforeEach(() => {
  me = { username: 'rosa', role: 'member', hasPassword: true };
  leads = [
    entry(ADA, 'Ada Lovelace'),
    entry(GRACE, 'Grace Hopper'),
    entry(ALAN, 'Alan Turing', { kind: 'accessibility' }),
  ];
  refused = {};
  badRequest = null;
  bulkBodies = [];
  pageReads = 0;
  answerRequests(api);
});

const open = (path = '/console/') => openConsoleAt(path, 'table', /Leads/);
const box = (name: string) => screen.getByRole('checkbox', { name });
const toolbar = () => screen.getByRole('region', { name: /selected$/ });
const options = (select: HTMLElement) =>
  within(select)
    .getAllByRole('option')
    .map((option) => option.textContent);
const outcome = () => screen.getByText(/leads? updated/).closest('[role="status"]');

describe('the inbox’s bulk actions, for a member', () => {
  it('acts on the selection, announces the refusals and keeps them selected', async () => {
    const user = userEvent.setup();
    await open();
    expect(screen.queryByRole('region', { name: /selected$/ })).toBeNull();

    await user.click(box('Select Ada Lovelace'));
    expect(toolbar()).toHaveAccessibleName('1 selected');
    // The statuses of the selection's kinds, in workflow order.
    expect(options(within(toolbar()).getByLabelText('New status'))).toEqual(
      STATUSES_OF.contact.map((status) => STATUS_LABELS[status]),
    );
    expect(box('Select all on this page')).toBePartiallyChecked();

    await user.click(box('Select all on this page'));
    expect(toolbar()).toHaveAccessibleName('3 selected');
    expect(box('Select all on this page')).toBeChecked();
    expect(options(within(toolbar()).getByLabelText('New status'))).toEqual(
      ALL_STATUSES.map((status) => STATUS_LABELS[status]),
    );
    expect(options(within(toolbar()).getByLabelText('Assign to'))).toEqual([
      'Me',
      'Nobody (the team)',
    ]);
    expect(within(toolbar()).queryByRole('button', { name: 'Not spam' })).toBeNull();

    refused = { [ALAN]: NOT_THIS_KIND };
    const reads = pageReads;
    await user.selectOptions(within(toolbar()).getByLabelText('New status'), 'Contacted');
    await user.click(within(toolbar()).getByRole('button', { name: 'Set status' }));
    await waitFor(() => expect(toolbar()).toHaveAccessibleName('1 selected'));
    expect(bulkBodies).toEqual([
      { ids: [ADA, GRACE, ALAN], action: 'status', status: 'contacted' },
    ]);
    expect(outcome()).toHaveTextContent('2 leads updated; 1 refused:');
    expect(within(outcome() as HTMLElement).getByRole('listitem')).toHaveTextContent(
      `Alan Turing: ${NOT_THIS_KIND}`,
    );
    expect(box('Select Alan Turing')).toBeChecked();
    expect(box('Select Ada Lovelace')).not.toBeChecked();
    expect(box('Select Grace Hopper')).not.toBeChecked();
    // The inbox is read again and shows what changed.
    await waitFor(() => expect(pageReads).toBeGreaterThan(reads));
    const ada = screen.getByRole('row', { name: /Ada Lovelace/ });
    await waitFor(() => expect(within(ada).getByText('Contacted')).toBeVisible());

    // The refused lead handed to the team: nothing is left selected, focus stays on the table.
    refused = {};
    await user.selectOptions(within(toolbar()).getByLabelText('Assign to'), 'Nobody (the team)');
    await user.click(within(toolbar()).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: /selected$/ })).toBeNull());
    expect(bulkBodies[1]).toEqual({ ids: [ALAN], action: 'owner', owner: null });
    expect(outcome()).toHaveTextContent(/^1 lead updated\.$/);
    expect(box('Select all on this page')).toHaveFocus();
  });

  it('takes the selected leads and marks them as spam', async () => {
    const user = userEvent.setup();
    await open();
    await user.click(box('Select Grace Hopper'));
    await user.click(within(toolbar()).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(outcome()).toHaveTextContent('1 lead updated.'));
    await user.click(box('Select Ada Lovelace'));
    await user.click(within(toolbar()).getByRole('button', { name: 'Mark as spam' }));
    await waitFor(() => expect(bulkBodies).toHaveLength(2));
    expect(bulkBodies).toEqual([
      { ids: [GRACE], action: 'owner', owner: 'rosa' },
      { ids: [ADA], action: 'spam' },
    ]);
  });
});

describe('the inbox’s bulk actions, for an admin in the spam view', () => {
  it('assigns to any active operator, releases spam, and shows a refused request', async () => {
    const user = userEvent.setup();
    me = { username: 'boss', role: 'admin', hasPassword: true };
    await open('/console/?spam=true');
    await user.click(box('Select all on this page'));
    const owner = () => within(toolbar()).getByLabelText('Assign to');
    await waitFor(() =>
      expect(options(owner())).toEqual(['boss (you)', 'rosa', 'Nobody (the team)']),
    );
    // Once the operators are read, the choice starts on the admin, never on "Nobody".
    expect(owner()).toHaveValue('boss');
    expect(within(toolbar()).queryByRole('button', { name: 'Mark as spam' })).toBeNull();

    badRequest = 'Select between 1 and 100 leads (ids).';
    await user.click(within(toolbar()).getByRole('button', { name: 'Not spam' }));
    const alert = await within(toolbar()).findByRole('alert');
    expect(alert).toHaveTextContent(badRequest);
    expect(alert).toHaveFocus();
    expect(toolbar()).toHaveAccessibleName('3 selected');

    badRequest = null;
    await user.selectOptions(owner(), 'rosa');
    await user.click(within(toolbar()).getByRole('button', { name: 'Assign' }));
    await waitFor(() => expect(outcome()).toHaveTextContent('3 leads updated.'));
    expect(bulkBodies).toEqual([
      { ids: [ADA, GRACE, ALAN], action: 'not-spam' },
      { ids: [ADA, GRACE, ALAN], action: 'owner', owner: 'rosa' },
    ]);
  });
});
