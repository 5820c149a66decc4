/**
 * A part of the page whose code could not be loaded. After a new deployment the hashed chunks of
 * the previous one are gone, so a page that was opened before it fails to import them; only a
 * reload (new HTML, new chunk names) helps. Marked at the import, not guessed from the browser's
 * message, whose wording differs between browsers.
 */
export class ChunkLoadError extends Error {
  constructor(cause: unknown) {
    super('A part of the page could not be loaded.', { cause });
    this.name = 'ChunkLoadError';
  }
}

/** Runs a dynamic import, turning its failure into a ChunkLoadError. */
export function importChunk<T>(load: () => Promise<T>): Promise<T> {
  return load().catch((cause: unknown) => {
    throw new ChunkLoadError(cause);
  });
}
