// Set once this tab has reloaded itself after a chunk failed to load. sessionStorage lives as
// long as the tab (https://html.spec.whatwg.org/multipage/webstorage.html#the-sessionstorage-attribute),
// so a chunk that is still missing after the reload shows the error notice instead of reloading
// again: the page can never loop.
export const RELOADED_AFTER_CHUNK_ERROR_KEY = 'reloaded-after-chunk-error';

export function reloadPage(): void {
  window.location.reload();
}

/**
 * Reloads the page unless this tab already did so after a chunk error; answers whether it did.
 * Without storage (disabled by the visitor) there is no guard, so no automatic reload either.
 */
export function reloadOnceAfterChunkError(reload: () => void = reloadPage): boolean {
  try {
    if (sessionStorage.getItem(RELOADED_AFTER_CHUNK_ERROR_KEY) !== null) return false;
    sessionStorage.setItem(RELOADED_AFTER_CHUNK_ERROR_KEY, new Date().toISOString());
  } catch {
    return false;
  }
  reload();
  return true;
}
