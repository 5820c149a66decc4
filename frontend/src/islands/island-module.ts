/** What an island's chunk exports: hydrate the element with the props it was prerendered with. */
export interface IslandModule {
  mount: (element: HTMLElement, props: unknown) => void | Promise<void>;
}
