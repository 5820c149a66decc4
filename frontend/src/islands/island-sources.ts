import type { IslandName } from './registry';

/**
 * For the build only (scripts/prerender.mjs): the module of each island and of the field
 * measurements as Vite's manifest names them, so the budgets can sum what each page fetches.
 * The prerender step fails when one of them is not in the manifest.
 */
export const ISLAND_SOURCES: Record<IslandName, string> = {
  'contact-form': 'src/islands/contact-form/contact-form-island.ts',
};
export const FIELD_MEASUREMENTS_SOURCE = 'src/features/field-measurements/report-web-vitals.ts';
