import type { IslandModule } from './island-module';

/**
 * Every island of the site, by the name its element carries (data-island), with the code that
 * hydrates it. Each is its own chunk, fetched only on a page that has the island and only when
 * island-loader.ts decides it is needed. To add an island, see frontend/README.md, "Islands".
 */
export const islands = {
  'contact-form': () => import('./contact-form/contact-form-island'),
} satisfies Record<string, () => Promise<IslandModule>>;

export type IslandName = keyof typeof islands;
