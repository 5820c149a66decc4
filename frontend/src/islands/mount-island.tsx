import { createElement, startTransition, type ComponentType } from 'react';
import { hydrateRoot } from 'react-dom/client';

/**
 * Hydrates one island in place. As a transition, React yields to the browser every few
 * milliseconds instead of holding the main thread in one long task, so the page stays responsive
 * while the island becomes interactive. Once hydrated the element says so, and a submit the
 * loader held before (island-loader.ts) is sent again through the island's own handler.
 */
export function mountIsland<P extends object>(
  element: HTMLElement,
  Root: ComponentType<P>,
  props: P,
): void {
  startTransition(() => {
    hydrateRoot(element, createElement(Root, props), {
      onRecoverableError: (error) => console.error('Island hydration:', error),
    });
  });
}

/** Called by an island's root once its code runs: marks it and replays a held submit. */
export function islandHydrated(element: HTMLElement | null): void {
  const island = element?.closest<HTMLElement>('[data-island]');
  if (!island || island.hasAttribute('data-hydrated')) return;
  island.setAttribute('data-hydrated', '');
  if (!island.hasAttribute('data-held-submit')) return;
  island.removeAttribute('data-held-submit');
  // After this commit: the island takes the values typed before it ran in the same commit, and
  // its submit handler must see them.
  setTimeout(() => island.querySelector('form')?.requestSubmit(), 0);
}
