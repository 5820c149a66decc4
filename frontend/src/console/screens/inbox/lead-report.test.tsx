import catalog from '@proposal-site/contract/accessibility-criteria.json';
import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Me } from '../../api/console-api';
import type { AccessibilityReport, Lead } from '../../api/inbox-api';
import { openedLead } from '../../test-utils/lead-fixtures';
import {
  answerRequests,
  json,
  notFound,
  openConsoleAt,
  renderConsole,
} from '../../test-utils/render-console';

// Accessibility feedback on the lead screen, against a console API played in memory: the report
// tagged from the catalog, and the plan, date and reason each step sends, as the service gets them.
let lead: Lead;
let calls: { method: string; url: string; body: unknown }[];
const me: Me = { username: 'rosa', role: 'member', hasPassword: true };
const EMPTY: AccessibilityReport = {
  criterion: null,
  criterionName: null,
  page: null,
  assistiveTechnology: null,
  severity: null,
  confirmed: false,
  plan: null,
  plannedFor: null,
  reason: null,
};

function api(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body: unknown = init?.body ? JSON.parse(String(init.body)) : undefined;
  calls.push({ method, url, body });
  if (url === '/api/console/me') return json(me);
  if (url === '/api/console/leads/L1' && method === 'GET') return json(lead);
  if (url === '/api/console/leads/L1/accessibility' && method === 'PUT') {
    lead = { ...lead, report: { ...EMPTY, ...(body as object) } };
    return json(lead);
  }
  if (url === '/api/console/leads/L1/status' && method === 'POST') {
    const { status, plan } = body as { status: Lead['status']; plan?: string };
    if (status === 'assessed' && !plan) {
      return json(
        { status: 400, error: 'Bad Request', message: 'write the plan and its date.' },
        400,
      );
    }
    lead = { ...lead, status, next: ['resolved', 'wont_fix'] };
    return json(lead);
  }
  return notFound();
}

beforeEach(() => {
  lead = openedLead({
    kind: 'accessibility',
    status: 'acknowledged',
    message: 'Subject: Accessibility Feedback\n\nThe grey text is hard to read.',
    next: ['assessed', 'wont_fix'],
    report: EMPTY,
  });
  calls = [];
  answerRequests(api);
});

const open = () => openConsoleAt('/console/leads/L1', 'region', 'Accessibility report');

describe('an accessibility report on the lead screen', () => {
  it('is tagged from the catalog, and says that a confirmed one goes on the statement', async () => {
    const user = userEvent.setup();
    const region = await open();
    await user.selectOptions(
      within(region).getByLabelText('Criterion'),
      '1.4.3 Contrast (Minimum) (AA)',
    );
    // Every criterion of the catalog, and "not known yet".
    const criteria = within(within(region).getByLabelText('Criterion')).getAllByRole('option');
    expect(criteria).toHaveLength(catalog.criteria.length + 1);
    await user.type(within(region).getByLabelText('Page'), '/about');
    await user.type(within(region).getByLabelText('Assistive technology'), 'NVDA');
    await user.selectOptions(within(region).getByLabelText('Severity'), 'Serious');
    await user.click(within(region).getByLabelText('Confirmed by the team'));
    await user.click(within(region).getByRole('button', { name: 'Save report' }));
    expect(await within(region).findByRole('status')).toHaveTextContent(
      'The statement lists it as a known limitation within a minute.',
    );
    expect(calls.find((call) => call.method === 'PUT')?.body).toEqual({
      criterion: '1.4.3',
      page: '/about',
      assistiveTechnology: 'NVDA',
      severity: 'serious',
      confirmed: true,
    });
  });

  it('sends the plan and its date with assessed, and shows the refusal when they are missing', async () => {
    const user = userEvent.setup();
    await open();
    const actions = screen.getByRole('region', { name: 'Follow up' });
    await user.click(within(actions).getByRole('button', { name: 'Mark assessed' }));
    expect(await within(actions).findByText(/write the plan and its date/)).toBeInTheDocument();
    await user.type(within(actions).getByLabelText('Plan'), 'Darken the text.');
    await user.type(within(actions).getByLabelText('Planned for'), '2026-12-04');
    await user.click(within(actions).getByRole('button', { name: 'Mark assessed' }));
    expect(await within(actions).findByText('The lead is now assessed.')).toBeInTheDocument();
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.body)).toEqual([
      { status: 'assessed' },
      { status: 'assessed', plan: 'Darken the text.', plannedFor: '2026-12-04' },
    ]);
    expect(within(actions).getByRole('button', { name: "Mark won't fix" })).toBeInTheDocument();
  });

  it('is not shown for a contact request', async () => {
    lead = openedLead();
    renderConsole('/console/leads/L1');
    await screen.findByRole('region', { name: 'Owner' });
    expect(screen.queryByRole('region', { name: 'Accessibility report' })).toBeNull();
  });
});
