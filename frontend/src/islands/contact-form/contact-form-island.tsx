import { mountIsland } from '../mount-island';
import type { IslandModule } from '../registry';
import { ContactFormRoot, type ContactFormIslandProps } from './ContactFormRoot';

// The island's chunk (islands/registry.ts): React, the store, the form, its validation and
// its API call. Fetched by the islands' loader only; never before the first paint.
export const mount: IslandModule['mount'] = (element, props) =>
  mountIsland(element, <ContactFormRoot {...(props as ContactFormIslandProps)} />);
