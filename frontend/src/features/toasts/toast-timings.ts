// The toasts' fixed behaviour (frontend/README.md, "Fixed wording and constants"): one toast at a
// time, shown for 5 s, kept in state for 1,000,000 ms after it closes, dismissed by a 50 px swipe.
export const TOAST_LIMIT = 1;
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
export const TOAST_DURATION_MS = 5000;
export const TOAST_SWIPE_THRESHOLD_PX = 50;
/**
 * The display time of a toast that offers a link: it stays until the visitor closes it, since
 * something to act on must not vanish on a timer (WCAG 2.2.1, Timing Adjustable:
 * https://www.w3.org/WAI/WCAG22/Understanding/timing-adjustable.html). Radix starts no timer for
 * it.
 */
export const TOAST_UNTIL_CLOSED = Infinity;
