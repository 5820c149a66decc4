import release from '@proposal-site/contract/release.json';
import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useMeQuery, useSignOutMutation } from '../api/console-api';

/**
 * The frame of every screen: who is signed in, the way out, the screen itself, and the release
 * the console is (contract/release.json), for an operator telling support what they run.
 */
export function ConsoleLayout({ children }: { children: ReactNode }) {
  const [, navigate] = useLocation();
  const { data: me } = useMeQuery();
  const [signOut] = useSignOutMutation();
  const leave = async () => {
    const result = await signOut();
    // Signed in through the provider: its session ends too (RP-initiated logout), and it sends
    // the browser back to the sign-in screen.
    const providerLogoutUrl = 'data' in result ? result.data?.providerLogoutUrl : null;
    if (providerLogoutUrl) window.location.assign(providerLogoutUrl);
    else navigate('/sign-in');
  };
  return (
    <>
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <header className="console-header">
        <p className="brand">Console</p>
        {me && (
          <nav aria-label="Console">
            <Link href="/">Inbox</Link>
            <Link href="/overview">Overview</Link>
            <Link href="/sources">Sources</Link>
            <Link href="/deliveries">Notifications</Link>
            {me.role === 'admin' && <Link href="/admin/erasure">Erasure</Link>}
            {me.role === 'admin' && <Link href="/admin/accounts">Accounts</Link>}
            {me.role === 'admin' && <Link href="/admin/audit">Audit trail</Link>}
            <Link href="/account">Your account</Link>
            <span className="who">
              {me.username} ({me.role})
            </span>
            <button type="button" className="secondary" onClick={() => void leave()}>
              Sign out
            </button>
          </nav>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <footer className="console-footer">
        <p>Proposals console {release.version}</p>
      </footer>
    </>
  );
}
