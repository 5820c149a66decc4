import type { Lead } from '../../api/inbox-api';
import { VisitorField } from '../../ui/VisitorText';

/** The attribution's fields as the lead screen names them, in the contract's order. */
const FIELDS = [
  ['utm_source', 'Campaign source'],
  ['utm_medium', 'Campaign medium'],
  ['utm_campaign', 'Campaign'],
  ['utm_term', 'Campaign term'],
  ['utm_content', 'Campaign content'],
  ['gclid', 'Google Ads click'],
  ['msclkid', 'Microsoft Ads click'],
  ['li_fat_id', 'LinkedIn Ads click'],
  ['landing_path', 'Landing page'],
  ['referrer_host', 'Referred by'],
] as const;

/**
 * What brought the lead (contact-service/src/leads/attribution.ts): the source it is counted
 * under in the sources report, then each field the visit had. Every value came from a page's
 * address, so it is shown as inert text like anything the visitor typed. A lead from before
 * attribution was kept says so.
 */
export function LeadSource({ lead }: { lead: Lead }) {
  if (!lead.source) {
    return (
      <>
        <dt>Source</dt>
        <dd>not recorded</dd>
      </>
    );
  }
  const counted = [lead.source, lead.medium, lead.campaign].filter(Boolean).join(' / ');
  return (
    <>
      <VisitorField label="Source" text={counted} />
      {FIELDS.map(([field, label]) => {
        const text = lead[field];
        return text ? <VisitorField key={field} label={label} text={text} /> : null;
      })}
    </>
  );
}
