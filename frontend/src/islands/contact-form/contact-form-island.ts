import type { ContactFormIslandProps } from './ContactFormRoot';

/** Resolves in a new task, so that the browser may paint and handle input in between. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The island's chunk, fetched by the islands' loader only (island-loader.ts), never before the
 * first paint: hydrates the island's element with the props it was prerendered with. Its code is
 * evaluated in steps, each in a task of its own: React and React DOM first, then the store, the
 * form, its validation and its API call; then hydration, which React itself slices. Imported at
 * once, evaluating it all was one task of 30-70 ms on a CI machine.
 */
export async function mount(element: HTMLElement, props: unknown): Promise<void> {
  const { mountIsland } = await import('../mount-island');
  await nextTask();
  const { ContactFormRoot } = await import('./ContactFormRoot');
  await nextTask();
  mountIsland(element, ContactFormRoot, props as ContactFormIslandProps);
}
