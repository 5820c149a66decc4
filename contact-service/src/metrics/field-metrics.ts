import { Counter, Histogram, type Registry } from 'prom-client';

/**
 * Bucket bounds of the field measurements, in seconds for LCP, INP, FCP and TTFB and as the score
 * for CLS. They include the "good" and "poor" thresholds of each metric (web.dev/articles/vitals),
 * so an alert or a dashboard can count good page views exactly. The console's 75th percentiles
 * (field-measurement-store.ts) are read off the same bounds.
 */
export const TIME_BUCKETS = [
  0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1, 1.2, 1.5, 1.8, 2, 2.5, 3, 4, 5, 6, 8, 10, 15, 20, 30, 60,
];
export const CLS_BUCKETS = [0.01, 0.025, 0.05, 0.1, 0.15, 0.25, 0.4, 0.6, 1, 2];

export interface FieldMetrics {
  vitalSeconds: Histogram<'route' | 'metric'>;
  cls: Histogram<'route'>;
  funnel: Counter<'form' | 'step'>;
}

export function fieldMetrics(registry: Registry): FieldMetrics {
  return {
    vitalSeconds: new Histogram({
      name: 'web_vitals_seconds',
      help: "Visitors' page views by page and metric (LCP, INP, FCP, TTFB), as their browsers measured them.",
      labelNames: ['route', 'metric'] as const,
      buckets: TIME_BUCKETS,
      registers: [registry],
    }),
    cls: new Histogram({
      name: 'web_vitals_cls',
      help: "Visitors' cumulative layout shift by page, as their browsers measured it.",
      labelNames: ['route'] as const,
      buckets: CLS_BUCKETS,
      registers: [registry],
    }),
    funnel: new Counter({
      name: 'contact_form_funnel_total',
      help: 'Contact form steps by form (contact, accessibility): seen, started, submitted, accepted, refused, failed.',
      labelNames: ['form', 'step'] as const,
      registers: [registry],
    }),
  };
}
