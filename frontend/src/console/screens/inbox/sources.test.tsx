import { beforeEach, describe, expect, it } from '@jest/globals';
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Lead, SourceReport } from '../../api/inbox-api';
import { openedLead } from '../../test-utils/lead-fixtures';
import {
  answerRequests,
  json,
  notFound,
  renderConsole as open,
} from '../../test-utils/render-console';

// What brought each lead: the sources report and the lead screen's source, against a console
// API played in memory.
let calls: string[];
let lead: Lead;

const REPORT: SourceReport = {
  from: '2026-11-01',
  to: '2026-11-28',
  knownShare: 0.75,
  rows: [
    {
      source: 'linkedin',
      medium: 'paid',
      campaign: 'q1',
      leads: 3,
      booked: 2,
      inPromise: 1,
      medianHoursToBooking: 16,
    },
    {
      source: '<img src=x onerror=alert(1)>',
      medium: 'referral',
      campaign: '',
      leads: 1,
      booked: 0,
      inPromise: 0,
      medianHoursToBooking: null,
    },
  ],
};

function api(url: string): Response {
  if (url === '/api/console/me')
    return json({ username: 'rosa', role: 'member', hasPassword: true });
  if (url.startsWith('/api/console/sources')) {
    const query = new URL(url, 'http://console').searchParams;
    if (query.get('from') === '2020-01-01') {
      return json(
        {
          status: 400,
          error: 'Bad Request',
          message: 'Choose at most 366 days: from 2020-01-01 to 2026-11-28 is 2524.',
        },
        400,
      );
    }
    return json(REPORT);
  }
  if (url === '/api/console/leads/L1') return json(lead);
  return notFound();
}

beforeEach(() => {
  lead = openedLead();
  calls = answerRequests(api);
});

describe('the sources report', () => {
  it('shows requests, bookings and time to booking per source, the visitors’ text inert', async () => {
    open('/console/sources');
    const table = await screen.findByRole('table', { name: /Contact requests per source/ });
    const cells = (name: RegExp | string) =>
      within(within(table).getByRole('row', { name }))
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(/^linkedin/)).toEqual([
      'paid',
      'q1',
      '3',
      '2 (67\u00a0%)',
      '1 (33\u00a0%)',
      '16 h 0 min',
    ]);
    expect(cells(/onerror/)).toEqual([
      'referral',
      '–',
      '1',
      '0 (0\u00a0%)',
      '0 (0\u00a0%)',
      'none yet',
    ]);
    expect(document.querySelector('img')).toBeNull();
    expect(
      screen.getByText(/4 contact requests from 2026-11-01 to 2026-11-28; 75 %/),
    ).toBeVisible();
    expect(screen.getByLabelText('Received from')).toHaveValue('2026-11-01');
  });

  it('asks for the chosen days through the address, and shows a refusal in words', async () => {
    const user = userEvent.setup();
    open('/console/sources');
    await screen.findByRole('table', { name: /Contact requests per source/ });
    const from = screen.getByLabelText('Received from');
    // jsdom types into a date field as no browser does: the value is set as a picker sets it.
    fireEvent.change(from, { target: { value: '2020-01-01' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Choose at most 366 days/)).toBeVisible();
    expect(calls).toContain('GET /api/console/sources?from=2020-01-01&to=2026-11-28');
  });
});

describe('the lead screen', () => {
  it('shows what brought the lead, and says so when nothing was recorded', async () => {
    lead = openedLead({
      source: 'linkedin',
      medium: 'paid',
      campaign: 'q1',
      utm_source: 'linkedin',
      utm_medium: 'paid',
      utm_campaign: 'q1',
      gclid: 'abc',
      landing_path: '/about',
      referrer_host: 'partner.example',
    });
    open('/console/leads/L1');
    expect(await screen.findByText('linkedin / paid / q1')).toBeVisible();
    const value = (term: string) => screen.getByText(term).nextElementSibling?.textContent;
    expect(value('Google Ads click')).toBe('abc');
    expect(value('Landing page')).toBe('/about');
    expect(value('Referred by')).toBe('partner.example');
    expect(screen.queryByText('Microsoft Ads click')).toBeNull();
  });

  it('says when no source was recorded', async () => {
    open('/console/leads/L1');
    expect(await screen.findByText('not recorded')).toBeVisible();
  });
});
