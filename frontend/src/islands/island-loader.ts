import {
  PAGE_ERROR_RELOAD_LABEL,
  PAGE_ERROR_TEXT,
  PAGE_ERROR_TITLE,
} from '../shared/error-boundary/error-notice-copy';
import { reloadOnceAfterChunkError } from '../shared/error-boundary/reload-page';

/** The island's code: a chunk of its own, fetched only on a page with it, when it is needed. */
type LoadIsland = () => Promise<{ mount: (element: HTMLElement, props: unknown) => Promise<void> }>;
const loadContactForm: LoadIsland = () => import('./contact-form/contact-form-island');

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
 * Finds the page's island (the contact form, ContactFormIsland.tsx) and loads it when it is first
 * needed: when it nears the viewport,
 * on the first interaction with it, or in the background once the page has settled (so it is
 * ready before anyone types), whichever comes first. The bootstrap (bootstrap.ts) already loads
 * this code at once on a first interaction; here the island itself follows.
 */
export function startIslands(
  load: LoadIsland = loadContactForm,
  root: ParentNode = document,
): void {
  holdSubmitsUntilHydrated(root);
  for (const element of root.querySelectorAll<HTMLElement>('[data-island]')) {
    const name = element.dataset.island ?? '';
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
          // Once only; then a notice above the island says what to do (failureNotice).
          if (reloadOnceAfterChunkError()) return;
          element.before(failureNotice(element.dataset.contact ?? ''));
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

/**
 * Until an island's code runs, its form is a plain HTML form. It is prerendered inside a
 * disabled <fieldset>, so that a browser without JavaScript cannot send it natively (which would
 * put the visitor's details in the URL; its <noscript> note gives the address instead); here it
 * is enabled, and the browser's own validation applies (required, type=email, maxlength). A
 * submit that passes it is held, so the page does not navigate and nothing typed is lost, and
 * the island is marked: once hydrated it takes the typed values and submits again
 * (mount-island.ts).
 */
function holdSubmitsUntilHydrated(root: ParentNode): void {
  for (const fieldset of root.querySelectorAll<HTMLFieldSetElement>(
    '[data-island] fieldset[disabled]',
  )) {
    fieldset.disabled = false;
  }
  document.addEventListener(
    'submit',
    (event) => {
      const island = (event.target as Element).closest?.('[data-island]');
      if (!island || island.hasAttribute('data-hydrated')) return;
      event.preventDefault();
      island.setAttribute('data-held-submit', '');
    },
    true,
  );
}

/**
 * What a visitor sees above an island whose code cannot be loaded (after a new deployment, once a
 * reload did not help): the site's error notice (shared/error-boundary/ErrorNotice.tsx), built
 * here because no React runs on the page then. An alert, so screen readers announce it.
 */
function failureNotice(email: string): HTMLElement {
  const element = (
    tag: string,
    attributes: Record<string, string>,
    ...children: (Node | string)[]
  ) => {
    const node = document.createElement(tag);
    for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
    node.append(...children);
    return node;
  };
  return element(
    'div',
    { class: 'error-notice', role: 'alert' },
    element('p', { class: 'error-notice-title' }, PAGE_ERROR_TITLE),
    element('p', {}, `${PAGE_ERROR_TEXT} `, element('a', { href: `mailto:${email}` }, email), '.'),
    // The page's own address: following it loads the page again.
    element(
      'a',
      { class: 'button button-secondary', href: location.pathname },
      PAGE_ERROR_RELOAD_LABEL,
    ),
  );
}
