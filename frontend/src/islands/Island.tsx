import type { ReactNode } from 'react';
import { siteConfig } from '../shared/site-config';
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
 * it and hydrates only that element (island-loader.ts), never the page around it. It also names
 * the general address (data-contact), for the notice the loader shows above it when its code
 * cannot be loaded.
 */
export function Island<P>({ name, props, children }: IslandProps<P>) {
  return (
    <div
      className="island"
      data-island={name}
      data-props={JSON.stringify(props)}
      data-contact={siteConfig.contactEmail}
    >
      {children}
    </div>
  );
}
