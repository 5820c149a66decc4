// The rule that turns the three inputs into one conformance level and note per criterion:
// each input may only make a criterion's level worse, never better, so the report states the
// worst that any of them found. The levels are the terms of the catalog (catalog.mjs).

/** From best to worst; `not-applicable` is best, as any finding on the site outranks it. */
export const LEVELS = ['not-applicable', 'supports', 'partially-supports', 'does-not-support'];

const worse = (a, b) => (LEVELS.indexOf(a) >= LEVELS.indexOf(b) ? a : b);

/** A limitation's text as the site shows it: `{toastSeconds}` is the toasts' duration. */
export function limitationText(limitation, toastSeconds) {
  return limitation.text.replaceAll('{toastSeconds}', String(toastSeconds));
}

function limitationNote(limitation, toastSeconds) {
  const text = limitationText(limitation, toastSeconds);
  if (limitation.source !== 'report') return `Known limitation (accessibility statement): ${text}`;
  const where = limitation.page ? ` on ${limitation.page}` : '';
  const when = limitation.reported ? `, reported ${limitation.reported}` : '';
  const fix = limitation.plannedFor ? `; fix planned for ${limitation.plannedFor}` : '';
  return `Confirmed report${where}${when}${fix}: ${text}`;
}

function axeNote(finding, pages) {
  if (finding.violated.size > 0) {
    const listed = [...finding.violated].map(([page, rules]) => `${page}: ${rules.join(', ')}`);
    return `axe-core found violations on ${listed.join('; ')}.`;
  }
  const incomplete = finding.incompleteRules.size
    ? ` It left ${[...finding.incompleteRules].join(', ')} to a person on some pages; covered by the manual check above.`
    : '';
  const passed = finding.passedRules.size
    ? `axe-core found no violation of ${[...finding.passedRules].join(', ')} on the ${pages} pages it checked.`
    : '';
  return `${passed}${incomplete}`.trim();
}

/**
 * One `{ id, level, note }` per criterion of the catalog. Throws, naming the criterion, when the
 * manual checks give one no level or no note, or a level that is not a term.
 */
export function conformance({ criteria, manual, axe, limitations, toastSeconds }) {
  const known = new Set(criteria.map((criterion) => criterion.id));
  for (const id of Object.keys(manual)) {
    if (!known.has(id)) throw new Error(`${id}: in the manual checks but not in the catalog`);
  }
  return criteria.map(({ id }) => {
    const checked = manual[id];
    if (!checked?.level || !checked?.note?.trim()) {
      throw new Error(`${id}: no conformance level and note in the manual checks`);
    }
    if (!LEVELS.includes(checked.level)) {
      throw new Error(`${id}: level "${checked.level}" is not one of ${LEVELS.join(', ')}`);
    }
    let level = checked.level;
    const notes = [checked.note.trim()];

    const finding = axe?.findings.get(id);
    if (finding) {
      if (finding.violatedPaths.size > 0) {
        const everywhere = finding.violatedPaths.size >= axe.pages.size;
        level = worse(level, everywhere ? 'does-not-support' : 'partially-supports');
      }
      const note = axeNote(finding, axe.pages.size);
      if (note) notes.push(note);
    }

    for (const limitation of limitations.filter((l) => l.criteria?.includes(id))) {
      level = worse(level, 'partially-supports');
      notes.push(limitationNote(limitation, toastSeconds));
    }
    return { id, level, note: notes.join(' ') };
  });
}
