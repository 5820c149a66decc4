/**
 * First-party field measurements: Core Web Vitals and the contact form's funnel, sent to the
 * contact-service (POST /api/measurements, contact-service/src/measurements/) with sendBeacon,
 * so that they leave even as the page is closed. Nothing in them identifies a visitor: the path
 * of the page, a metric's name and value, a funnel step; no cookie, no identifier (the privacy
 * page says so).
 */
export const MEASUREMENTS_URL = '/api/measurements';

export interface VitalMeasurement {
  name: 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
  value: number;
}
export interface FunnelMeasurement {
  form: string;
  step: string;
}
type Measurement = { vital: VitalMeasurement } | { funnel: FunnelMeasurement };

const FLUSH_AFTER_MS = 1000;
const vitals: VitalMeasurement[] = [];
const funnel: FunnelMeasurement[] = [];
let timer: ReturnType<typeof setTimeout> | undefined;
let listening = false;

/** Queues one measurement; the queue is sent a second later, or when the page is hidden. */
export function sendMeasurement(measurement: Measurement): void {
  if (typeof navigator === 'undefined' || typeof navigator.sendBeacon !== 'function') return;
  if ('vital' in measurement) vitals.push(measurement.vital);
  else funnel.push(measurement.funnel);
  if (!listening) {
    listening = true;
    addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
    addEventListener('pagehide', flush);
  }
  clearTimeout(timer);
  timer = setTimeout(flush, FLUSH_AFTER_MS);
}

function flush(): void {
  clearTimeout(timer);
  if (vitals.length === 0 && funnel.length === 0) return;
  // An empty queue is left out of the body: JSON.stringify leaves out an undefined member.
  const body = JSON.stringify({
    route: location.pathname,
    vitals: vitals.length ? vitals.splice(0) : undefined,
    funnel: funnel.length ? funnel.splice(0) : undefined,
  });
  navigator.sendBeacon(MEASUREMENTS_URL, new Blob([body], { type: 'application/json' }));
}
