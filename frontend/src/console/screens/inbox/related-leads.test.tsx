import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { InboxEntry, Lead, RelatedLead } from '../../api/inbox-api';
import { inboxEntry, openedLead } from '../../test-utils/lead-fixtures';
import {
  answerRequests,
  json,
  notFound,
  renderConsole as open,
} from '../../test-utils/render-console';

// The earlier leads from the same person or company: counted in the inbox's rows, listed on the
// lead's screen, against a console API played in memory.
let leads: InboxEntry[];
let lead: Lead;

/** A row with `related` earlier leads. */
const entry = (id: string, related: number) => inboxEntry(id, { related });
const baseLead = () => openedLead();
const earlier = (id: string, more: Partial<RelatedLead>): RelatedLead => ({
  id,
  receivedAt: '2026-10-02T08:30:00Z',
  kind: 'contact',
  status: 'qualified',
  name: 'Ada Lovelace',
  company: 'Acme Bank',
  sameAddress: true,
  ...more,
});

function api(url: string): Response {
  if (url === '/api/console/me')
    return json({ username: 'rosa', role: 'member', hasPassword: true });
  if (url.startsWith('/api/console/leads/counts')) return json({ new: leads.length });
  if (url.startsWith('/api/console/leads?') || url === '/api/console/leads')
    return json({ leads, next: null });
  if (url === '/api/console/leads/L1') return json(lead);
  if (url === '/api/console/leads/L0') return json({ ...baseLead(), id: 'L0', name: 'Ada L.' });
  return notFound();
}

beforeEach(() => {
  leads = [entry('1', 2), entry('2', 0), entry('3', 1), entry('4', 100)];
  lead = baseLead();
  answerRequests(api);
});

describe('the inbox’s rows', () => {
  it('say how many earlier leads came from the same person or company', async () => {
    open('/console/');
    const table = await screen.findByRole('table', { name: /Leads/ });
    const row = (name: string) => within(table).getByRole('row', { name: new RegExp(name) });
    expect(within(row('Lead 1')).getByText('2 earlier')).toHaveAttribute('aria-hidden', 'true');
    expect(
      within(row('Lead 1')).getByText('2 earlier leads from this person or company'),
    ).toBeInTheDocument();
    expect(within(row('Lead 2')).queryByText(/earlier/)).toBeNull();
    expect(
      within(row('Lead 3')).getByText('1 earlier lead from this person or company'),
    ).toBeInTheDocument();
    // The service counts up to 100: past 99 it is "99+".
    expect(within(row('Lead 4')).getByText('99+ earlier')).toBeVisible();
    expect(
      within(row('Lead 4')).getByText('More than 99 earlier leads from this person or company'),
    ).toBeInTheDocument();
    // The badge is beside the lead's link, not in its name.
    expect(within(row('Lead 1')).getByRole('link')).toHaveAccessibleName('Lead 1');
  });
});

describe('the lead screen', () => {
  it('lists the earlier leads as links, newest first, with why each is related', async () => {
    const user = userEvent.setup();
    lead = {
      ...lead,
      related: [
        earlier('L0', { name: 'Ada L.' }),
        earlier('L9', {
          receivedAt: '2026-06-01T12:00:00Z',
          kind: 'accessibility',
          status: 'resolved',
          name: 'Max Mustermann',
          company: 'Acme Bank AG',
          sameAddress: false,
        }),
      ],
    };
    open('/console/leads/L1');
    const section = await screen.findByRole('region', { name: 'Earlier leads' });
    const items = within(section).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual([
      'Ada L., 2 Oct 2026, 10:30 CESTAcme Bank · Contact request, qualified · same address',
      'Max Mustermann, 1 Jun 2026, 14:00 CESTAcme Bank AG · Accessibility feedback, resolved · same company domain',
    ]);
    // jsdom's accessible names put a space after an element (the name's <bdi>).
    const link = within(items[0]!).getByRole('link', {
      name: /^Ada L\. ?, 2 Oct 2026, 10:30 CEST$/,
    });
    expect(link).toHaveAttribute('href', '/console/leads/L0');

    await user.click(link);
    await waitFor(() => expect(window.location.pathname).toBe('/console/leads/L0'));
    expect(await screen.findByText('Ada L.')).toBeVisible();
  });

  it('shows no section when there is no earlier lead', async () => {
    open('/console/leads/L1');
    await screen.findByRole('region', { name: 'Owner' });
    expect(screen.queryByRole('region', { name: 'Earlier leads' })).toBeNull();
    expect(screen.queryByText(/Earlier leads/)).toBeNull();
  });
});
