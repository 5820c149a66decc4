import contract from '@proposal-site/contract/measurements.json' with { type: 'json' };
import { z } from 'zod';

/**
 * The body of POST /api/measurements, as contract/measurements.json allows it: the page's path,
 * Core Web Vitals and the contact form's funnel steps. Nothing in it names or identifies a
 * visitor, and nothing else is accepted.
 */
const { limits } = contract;
export type VitalName = 'LCP' | 'INP' | 'CLS' | 'FCP' | 'TTFB';
/** The metrics the contract measures. */
export const VITALS = contract.vitals as readonly VitalName[];

export const measurementBody = z.strictObject({
  route: z.string().max(limits.routeLength).startsWith('/'),
  vitals: z
    .array(
      z.strictObject({
        name: z.enum(VITALS as [VitalName, ...VitalName[]]),
        value: z.number().finite().min(0).max(limits.vitalMax),
      }),
    )
    .max(limits.vitalsPerBeacon)
    .optional(),
  funnel: z
    .array(
      z.strictObject({
        form: z.enum(contract.funnel.forms as [string, ...string[]]),
        step: z.enum(contract.funnel.steps as [string, ...string[]]),
      }),
    )
    .max(limits.funnelPerBeacon)
    .optional(),
});
export type MeasurementBody = z.infer<typeof measurementBody>;

/** What a person reads when a beacon is refused: which part, and what is allowed. */
export const MEASUREMENT_REFUSED =
  'Send {"route": "/a-page", "vitals": [{"name": "LCP", "value": 1234}], "funnel": [{"form": "contact", "step": "seen"}]} with the names and steps of contract/measurements.json.';

/** The route label of a page path: the site's pages by name, every other path as its 404 page. */
export function routeLabel(path: string): string {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return contract.routes.includes(trimmed) ? trimmed : contract.notFoundRoute;
}

/** A vital's value in the unit of its histogram: seconds for times, the score itself for CLS. */
export function vitalValue(name: VitalName, value: number): number {
  return name === 'CLS' ? value : value / 1000;
}
