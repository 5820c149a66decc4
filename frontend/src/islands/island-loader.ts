import { reloadOnceAfterChunkError } from '../shared/error-boundary/reload-page';
import { islands, type IslandModule } from './registry';

/** How far below the viewport an island starts loading, so it is ready when it scrolls in. */
const NEAR_VIEWPORT = '600px 0px';
/**
 * Otherwise an island loads in the background once the page has settled: this long after the
 * page's code started (itself after the first paint and `load`), at the browser's next idle
 * moment. Long before anyone scrolls to a form below the fold and types, and after the page's
 * loading is over, so that the island's script never competes with what the visitor reads first.
 */
const SETTLED_AFTER_MS = 5000;
const IDLE_TIMEOUT_MS = 2000;

/**
 * Finds the page's islands and loads each when it is first needed: when it nears the viewport,
 * on the first interaction with it, or in the background once the page has settled (so it is
 * ready before anyone types), whichever comes first. The bootstrap (bootstrap.ts) already made the page's code load
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
    } else {
      setTimeout(() => {
        if ('requestIdleCallback' in window)
          requestIdleCallback(start, { timeout: IDLE_TIMEOUT_MS });
        else start();
      }, SETTLED_AFTER_MS);
    }
  }
}

const INTERACTIONS = ['focusin', 'pointerdown', 'keydown', 'submit'] as const;
