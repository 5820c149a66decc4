import { afterEach, describe, expect, it, jest } from '@jest/globals';
import release from '@proposal-site/contract/release.json';
import { screen } from '@testing-library/react';
import { answerRequests, json, renderConsole } from '../test-utils/render-console';

// The sign-in screen with single sign-on, against a console API played in memory: the
// provider's button, the words of each refusal, and the break-glass form when SSO is required.
// (e2e/tests/single-sign-on.spec.ts runs the same through a real provider, with axe.)
function open(path: string, offer: { provider: string | null; required: boolean }) {
  answerRequests((url) =>
    url.endsWith('/api/console/sso')
      ? json(offer)
      : json({ status: 401, error: 'Unauthorized', message: 'Sign in.' }, 401),
  );
  renderConsole(path);
}

afterEach(() => {
  jest.restoreAllMocks();
});

describe('the sign-in screen', () => {
  it('offers the provider, and the password beside it', async () => {
    open('/console/sign-in', { provider: 'Okta', required: false });
    const start = await screen.findByRole('link', { name: 'Sign in with Okta' });
    expect(start.getAttribute('href')).toBe('/api/console/sso/start');
    expect(
      screen.getByRole('heading', { name: 'Or with your username and password' }),
    ).toBeTruthy();
    expect(screen.getByLabelText('Password')).toBeTruthy();
  });

  it('says why a sign-in through the provider was refused, and whom to ask', async () => {
    open('/console/sign-in?sso=group', { provider: 'Microsoft Entra ID', required: false });
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Your Microsoft Entra ID account is in none of the groups that give access to this console. Ask your company’s identity provider administrators to add you to the console’s group.',
    );
  });

  it('keeps the password form for break-glass accounts only when SSO is required', async () => {
    open('/console/sign-in', { provider: 'Google', required: true });
    expect(await screen.findByRole('heading', { name: 'Break-glass sign-in' })).toBeTruthy();
    expect(
      screen.getByText(/Only for break-glass accounts, when Google cannot be used\./),
    ).toBeTruthy();
  });

  it('names the release in its footer (contract/release.json), for a report to support', async () => {
    open('/console/sign-in', { provider: null, required: false });
    const footer = await screen.findByRole('contentinfo');
    expect(footer.textContent).toBe(`Proposals console ${release.version}`);
  });

  it('shows no provider when single sign-on is not configured', async () => {
    open('/console/sign-in', { provider: null, required: false });
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(screen.queryByRole('link', { name: /^Sign in with/ })).toBeNull();
  });
});
