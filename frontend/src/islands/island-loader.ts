import { reloadOnceAfterChunkError } from '../shared/error-boundary/reload-page';
import { islands, type IslandModule } from './registry';

/** How far below the viewport an island starts loading, so it is ready when it scrolls in. */
const NEAR_VIEWPORT = '600px 0px';
/** When the browser has had nothing to do for a while, the islands load anyway. */
const IDLE_TIMEOUT_MS = 3000;

/**
 * Finds the page's islands and loads each when it is first needed: when it nears the viewport,
 * on the first interaction with it, or when the browser is idle (so it is ready before anyone
 * types), whichever comes first. The bootstrap (bootstrap.ts) already made the page's code load
 * early on an interaction; here the island itself follows.
 */
export function startIslands(
  registry: Record<string, () => Promise<IslandModule>> = islands,
  root: ParentNode = document,
): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
    const load = registry[name];
    if (!load) {
      console.error(`No island is registered as "${name}" (islands/registry.ts).`);
      continue;
    }
    let started = false;
    const start = () => {
      if (started) return;
      started = true;
      observer?.disconnect();
      for (const type of INTERACTIONS) element.removeEventListener(type, start, true);
      load()
        .then((module) => module.mount(element, JSON.parse(element.dataset.props ?? '{}')))
        .catch((error: unknown) => {
          console.error(`The ${name} island could not be loaded:`, error);
          // After a new deployment the previous chunks are gone: a reload brings the new ones.
          // Once only; then the notice beside the island says what to do (Island.tsx).
          if (reloadOnceAfterChunkError()) return;
          element.parentElement
            ?.querySelector<HTMLElement>('[data-island-failed-notice]')
            ?.removeAttribute('hidden');
        });
    };
    const observer =
      'IntersectionObserver' in window
        ? new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && start(), {
            rootMargin: NEAR_VIEWPORT,
          })
        : undefined;
    observer?.observe(element);
    for (const type of INTERACTIONS) element.addEventListener(type, start, true);
    if (element.hasAttribute('data-held-submit') || element.contains(document.activeElement)) {
      start();
    } else if ('requestIdleCallback' in window) {
      requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
    } else {
      setTimeout(start, IDLE_TIMEOUT_MS);
    }
  }
}

const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'submit'] as const;
