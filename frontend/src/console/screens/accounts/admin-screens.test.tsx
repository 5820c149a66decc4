import { beforeEach, describe, expect, it } from '@jest/globals';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AccountInfo } from '../../api/admin-api';
import { operatorAccount } from '../../test-utils/lead-fixtures';
import {
  answerRequests,
  json,
  notFound,
  openConsoleAt,
  renderConsole as open,
} from '../../test-utils/render-console';

// The admins' screens, accounts and audit trail, against a console API played in memory: what an
// admin sees, where focus goes, what is announced, and what is sent. (e2e/tests/console.spec.ts
// runs the same against the real stack, with axe.)
const LINK = 'http://localhost:8081/console/enrol#';
let accounts: AccountInfo[];
let calls: string[];

const account = (username: string, role: 'admin' | 'member', more: Partial<AccountInfo> = {}) =>
  operatorAccount(username, { role, ...more });

function api(url: string, init?: RequestInit): Response {
  const method = init?.method ?? 'GET';
  const body = init?.body ? (JSON.parse(String(init.body)) as Record<string, string>) : {};
  if (url === '/api/console/me')
    return json({ username: 'boss', role: 'admin', hasPassword: true });
  if (url === '/api/console/admin/users' && method === 'GET') return json(accounts);
  if (url === '/api/console/admin/users') {
    if (body.username === 'x') {
      return json({ status: 400, error: 'Bad Request', message: 'A username is 2 to 64…' }, 400);
    }
    const added = account(body.username!, body.role as 'member', { enrolled: false });
    accounts = [...accounts, added];
    return json({ account: added, link: `${LINK}token-${body.username}` }, 201);
  }
  const change = /^\/api\/console\/admin\/users\/([^/]+)\/(\w+)$/.exec(url);
  if (change) {
    const [, name, what] = change as unknown as [string, string, string];
    const index = accounts.findIndex((a) => a.username === name);
    const next = {
      reset: { enrolled: false },
      disable: { disabled: true },
      enable: { disabled: false },
      role: { role: body.role as 'admin' },
    }[what as 'reset'];
    accounts[index] = { ...accounts[index]!, ...next };
    return what === 'reset'
      ? json({ account: accounts[index], link: `${LINK}new-${name}` })
      : json(accounts[index]);
  }
  if (url.startsWith('/api/console/admin/audit')) {
    const before = new URL(url, 'http://x').searchParams.get('before');
    return json({
      records: [
        {
          id: before ? '7' : '9',
          at: '2026-11-24T10:00:00Z',
          command: 'users disable',
          rows: 1,
          actor: 'boss',
          subjectHash: null,
          details: { username: 'rosa' },
        },
      ],
      older: before ? null : '9',
    });
  }
  return notFound();
}

beforeEach(() => {
  accounts = [account('boss', 'admin'), account('rosa', 'member')];
  calls = answerRequests(api);
});

/** Opens the accounts screen and adds `username` (as `role`, if given) through its form. */
async function addAccount(
  user: ReturnType<typeof userEvent.setup>,
  username: string,
  role?: string,
) {
  const form = await openConsoleAt('/console/admin/accounts', 'region', 'Add an account');
  await user.type(within(form).getByLabelText('Username'), username);
  if (role) await user.selectOptions(within(form).getByLabelText('Role'), role);
  await user.click(within(form).getByRole('button', { name: 'Add the account' }));
  return form;
}

describe('the accounts screen', () => {
  it('adds an account and shows its link once, focused, with where to send it', async () => {
    const user = userEvent.setup();
    await addAccount(user, 'new.person', 'admin');
    const heading = await screen.findByRole('heading', {
      name: 'Enrolment link for new.person',
    });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Enrolment link for new.person' })).toHaveValue(
      `${LINK}token-new.person`,
    );
    expect(screen.getByText(/This link is shown once/)).toBeVisible();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('new.person is added as admin.');
    expect(calls).toContain('POST /api/console/admin/users');

    await user.click(screen.getByRole('button', { name: 'I have sent it: hide the link' }));
    expect(screen.queryByRole('textbox', { name: /Enrolment link/ })).toBeNull();
    expect(screen.getByRole('heading', { name: 'Add an account' })).toHaveFocus();
  });

  it('shows a refusal as a problem, focused', async () => {
    const user = userEvent.setup();
    const form = await addAccount(user, 'x');
    const alert = await within(form).findByRole('alert');
    expect(alert).toHaveTextContent('A username is 2 to 64…');
    expect(alert).toHaveFocus();
    expect(within(form).getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('asks before a reset or a disable, in the row, and offers nothing on one’s own row', async () => {
    const user = userEvent.setup();
    open('/console/admin/accounts');
    const own = (await screen.findByRole('rowheader', { name: 'boss' })).closest('tr')!;
    expect(within(own).queryAllByRole('button')).toHaveLength(0);
    const row = screen.getByRole('rowheader', { name: 'rosa' }).closest('tr')!;

    await user.click(within(row).getByRole('button', { name: 'Disable rosa' }));
    expect(within(row).getByRole('button', { name: 'Confirm disable of rosa' })).toHaveFocus();
    await user.click(within(row).getByRole('button', { name: 'Cancel' }));
    expect(within(row).getByRole('button', { name: 'Disable rosa' })).toHaveFocus();
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([]);

    await user.click(within(row).getByRole('button', { name: 'Disable rosa' }));
    await user.click(within(row).getByRole('button', { name: 'Confirm disable of rosa' }));
    await waitFor(() =>
      expect(within(row).getByRole('button', { name: 'Enable rosa' })).toHaveFocus(),
    );
    expect(within(row).getByRole('cell', { name: 'disabled' })).toBeVisible();
    expect(screen.getAllByRole('status')[0]).toHaveTextContent('rosa is disabled');

    await user.click(within(row).getByRole('button', { name: 'Reset rosa' }));
    await user.click(within(row).getByRole('button', { name: 'Confirm reset of rosa' }));
    const heading = await screen.findByRole('heading', { name: 'New enrolment link for rosa' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(screen.getByRole('textbox', { name: 'Enrolment link for rosa' })).toHaveValue(
      `${LINK}new-rosa`,
    );

    await user.click(within(row).getByRole('button', { name: 'Make admin rosa' }));
    await waitFor(() => expect(within(row).getByRole('cell', { name: 'admin' })).toBeVisible());
    expect(calls.filter((call) => call.startsWith('POST'))).toEqual([
      'POST /api/console/admin/users/rosa/disable',
      'POST /api/console/admin/users/rosa/reset',
      'POST /api/console/admin/users/rosa/role',
    ]);
  });
});

describe('the audit screen', () => {
  it('keeps its filter in the address and pages with the last record’s id', async () => {
    const user = userEvent.setup();
    open('/console/admin/audit');
    const filters = await screen.findByRole('search', { name: 'Filter the audit trail' });
    await user.type(within(filters).getByLabelText('What'), 'users disable');
    await user.type(within(filters).getByLabelText('Who'), 'boss');
    await user.click(within(filters).getByRole('button', { name: 'Apply filter' }));
    await waitFor(() => expect(window.location.search).toBe('?command=users+disable&actor=boss'));
    await waitFor(() =>
      expect(calls).toContain('GET /api/console/admin/audit?command=users+disable&actor=boss'),
    );
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('1 record of this filter'),
    );
    expect(screen.getByRole('table', { name: /audit records of this filter/ })).toBeVisible();

    await user.click(screen.getByRole('link', { name: 'Older records' }));
    await waitFor(() =>
      expect(window.location.search).toBe('?command=users+disable&actor=boss&before=9'),
    );
    await waitFor(() =>
      expect(calls).toContain(
        'GET /api/console/admin/audit?command=users+disable&actor=boss&before=9',
      ),
    );
    expect(await screen.findByRole('link', { name: 'Newest records' })).toBeVisible();
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('older ones'));
    expect(screen.queryByRole('link', { name: 'Older records' })).toBeNull();
    expect(within(screen.getByRole('search')).getByLabelText('Who')).toHaveValue('boss');
  });
});
