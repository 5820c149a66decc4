import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import {
  PAGE_ERROR_RELOAD_LABEL,
  PAGE_ERROR_TEXT,
  PAGE_ERROR_TITLE,
} from '../shared/error-boundary/error-notice-copy';
import { siteConfig } from '../shared/site-config';
import { MailtoLink } from '../shared/ui/MailtoLink';
import type { IslandName } from './registry';

interface IslandProps<P> {
  name: IslandName;
  /** Serialized into the page, and given to the island's root again when it hydrates. */
  props: P;
  /** The island's root, rendered with `props`: prerendered here, hydrated in the browser. */
  children: ReactNode;
}

/**
 * The one place a page says "this part is interactive". In the prerendered HTML it is an element
 * with the island's name and props around the island's markup; in the browser, src/main.tsx finds
 * it and hydrates only that element (island-loader.ts), never the page around it.
 *
 * Beside it, hidden, the notice for an island whose code cannot be loaded (after a new
 * deployment, say, once a reload did not help): plain HTML, since no React runs on the page then.
 */
export function Island<P>({ name, props, children }: IslandProps<P>) {
  const [path] = useLocation();
  return (
    <div className="island">
      <div data-island={name} data-props={JSON.stringify(props)}>
        {children}
      </div>
      <div className="error-notice" role="alert" data-island-failed-notice hidden>
        <p className="error-notice-title">{PAGE_ERROR_TITLE}</p>
        <p>
          {PAGE_ERROR_TEXT} <MailtoLink email={siteConfig.contactEmail} />.
        </p>
        {/* The page's own address: following it loads the page again, with no script. */}
        <a className="button button-secondary" href={path}>
          {PAGE_ERROR_RELOAD_LABEL}
        </a>
      </div>
    </div>
  );
}
