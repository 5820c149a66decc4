import { Link } from 'wouter';
import type { Lead } from '../../api/inbox-api';
import { VisitorText } from '../../ui/VisitorText';
import { KIND_LABELS, STATUS_LABELS, timeText } from './words';

/** The most earlier leads the service lists (contact-service/src/leads/related-leads.ts). */
const RELATED_LIST_MAX = 20;

/**
 * The earlier leads from the same address or the same company's email domain (the service leaves
 * out free mail and spam), newest first, each a link to its own screen; nothing when there is none.
 */
export function LeadRelated({ lead }: { lead: Lead }) {
  // An older service sends no list: the section is left out, as when there is nothing to list.
  const related = lead.related ?? [];
  if (related.length === 0) return null;
  return (
    <section aria-labelledby="lead-related">
      <h2 id="lead-related">Earlier leads</h2>
      {related.length >= RELATED_LIST_MAX && (
        <p>The {RELATED_LIST_MAX} most recent; there may be more.</p>
      )}
      <ul className="related-leads">
        {related.map((earlier) => (
          <li key={earlier.id}>
            <Link href={`/leads/${earlier.id}`}>
              <VisitorText text={earlier.name} />,{' '}
              <time dateTime={earlier.receivedAt}>{timeText(earlier.receivedAt)}</time>
            </Link>
            <br />
            <VisitorText text={earlier.company} /> · {KIND_LABELS[earlier.kind]},{' '}
            {STATUS_LABELS[earlier.status].toLowerCase()} ·{' '}
            {earlier.sameAddress ? 'same address' : 'same company domain'}
          </li>
        ))}
      </ul>
    </section>
  );
}
