/** The landing page's sections that the navigation scrolls to (`#problem` and so on). */
export const SECTION_IDS = {
  problem: 'problem',
  solution: 'solution',
  contact: 'contact',
} as const;
