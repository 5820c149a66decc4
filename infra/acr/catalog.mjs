// An OpenACR catalog for WCAG 2.2 and EN 301 549, built from the criteria the contract lists
// (contract/accessibility-criteria.json): @openacr/openacr ships catalogs for WCAG 2.0 and 2.1
// only. Its shape follows the package's own catalog/2.4-edition-wcag-2.1-en.yaml (components,
// terms) and schema/openacr-catalog-0.1.0.json; clause 12 of EN 301 549 takes the chapter id the
// report schema has for it, `support_documentation_and_services`.

export const CATALOG_NAME = 'wcag-2.2-en-301-549';

const WEB_COMPONENTS = ['web', 'electronic-docs', 'software', 'authoring-tool'];

/** EN 301 549 V3.2.1 as ETSI publishes it. */
const EN_URL =
  'https://www.etsi.org/deliver/etsi_en/301500_301599/301549/03.02.01_60/en_301549v030201p.pdf';

const TERMS = [
  {
    id: 'supports',
    label: 'Supports',
    description:
      'The functionality of the product has at least one method that meets the criterion without known defects or meets with equivalent facilitation.',
  },
  {
    id: 'partially-supports',
    label: 'Partially Supports',
    description: 'Some functionality of the product does not meet the criterion.',
  },
  {
    id: 'does-not-support',
    label: 'Does Not Support',
    description: 'The majority of product functionality does not meet the criterion.',
  },
  {
    id: 'not-applicable',
    label: 'Not Applicable',
    description: 'The criterion is not relevant to the product.',
  },
];

/** The chapter a criterion of the contract belongs in. */
export function chapterOf(criterion) {
  if (criterion.standard === 'EN 301 549') return 'support_documentation_and_services';
  return criterion.level === 'A' ? 'success_criteria_level_a' : 'success_criteria_level_aa';
}

/** The id a report uses for the criterion: WCAG's number, or the EN clause. */
export function numOf(criterion) {
  return criterion.standard === 'EN 301 549' ? criterion.en301549 : criterion.id;
}

export function buildCatalog(criteria, enEdition) {
  const inChapter = (chapter) =>
    criteria
      .filter((criterion) => chapterOf(criterion) === chapter)
      .map((criterion) => ({
        id: numOf(criterion),
        handle: criterion.name,
        // The HTML links a criterion as the standard's URL + '#' + alt_id.
        alt_id: criterion.url ? new URL(criterion.url).hash.slice(1) : criterion.en301549,
        ...(criterion.standard !== 'EN 301 549' && {
          description: criterion.en301549
            ? `EN 301 549 clause ${criterion.en301549}`
            : 'New in WCAG 2.2; no clause of EN 301 549 V3.2.1',
        }),
        components: criterion.standard === 'EN 301 549' ? ['none'] : WEB_COMPONENTS,
      }));
  return {
    title: `WCAG 2.2 and ${enEdition}`,
    lang: 'en',
    standards: [
      {
        id: 'wcag-2.2',
        label: 'Web Content Accessibility Guidelines 2.2',
        report_heading: 'WCAG 2.2 Report',
        url: 'https://www.w3.org/TR/WCAG22/',
        chapters: ['success_criteria_level_a', 'success_criteria_level_aa'],
      },
      {
        id: 'en-301-549',
        label: enEdition,
        report_heading: `${enEdition} Report`,
        url: EN_URL,
        chapters: ['support_documentation_and_services'],
      },
    ],
    chapters: [
      {
        id: 'success_criteria_level_a',
        label: 'Table 1: Success Criteria, Level A',
        short_label: 'A',
        order: 1,
        criteria: inChapter('success_criteria_level_a'),
      },
      {
        id: 'success_criteria_level_aa',
        label: 'Table 2: Success Criteria, Level AA',
        short_label: 'AA',
        order: 2,
        criteria: inChapter('success_criteria_level_aa'),
      },
      {
        id: 'support_documentation_and_services',
        label: 'Chapter 12: Documentation and Support Services',
        short_label: 'Documentation',
        order: 3,
        criteria: inChapter('support_documentation_and_services'),
      },
    ],
    components: [
      { id: 'web', label: 'Web' },
      { id: 'electronic-docs', label: 'Electronic Documents' },
      { id: 'software', label: 'Software' },
      { id: 'authoring-tool', label: 'Authoring Tool' },
      { id: 'none', label: '' },
    ],
    terms: TERMS,
  };
}
