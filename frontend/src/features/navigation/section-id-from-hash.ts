/**
 * The section a URL fragment names. The fragment is whatever the address bar holds, and
 * `decodeURIComponent` throws a URIError on text that is not valid percent-encoding (`#%`,
 * `#%E0%A4%A`; https://developer.mozilla.org/docs/Web/JavaScript/Reference/Errors/Malformed_URI).
 * Such a fragment is used as it stands: it names no section, so nothing scrolls, and nothing throws.
 */
export function sectionIdFromHash(hash: string): string {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}
