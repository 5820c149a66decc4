import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };

/**
 * The accessibility form's subject and how a form sends one (contract/README.md): the subject
 * line, "Subject: …" and a blank line, first in the message.
 */
export const ACCESSIBILITY_PREFIX = contactFields.subjectLine.replace(
  '{subject}',
  contactFields.subjects.accessibility,
);

/** The kinds of lead, the one list of them (each has its indexes: migration 1796700000000). */
export const LEAD_KINDS = ['contact', 'accessibility'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * The kind rule, the one place it is written: accessibility feedback is a message sent with the
 * subject "Accessibility Feedback"; anything else is a contact request. The writer applies it
 * once, when the lead is stored (lead-writer.ts): every read takes contact_submissions.kind
 * (migration 1796700000000), which the inbox's indexes of one kind are built on.
 */
export function kindOf(message: string | null): LeadKind {
  return message?.startsWith(ACCESSIBILITY_PREFIX) ? 'accessibility' : 'contact';
}

/** The visitor's own text: for accessibility feedback, without the subject line. */
export function visitorText(message: string | null): string {
  const text = message ?? '';
  return kindOf(message) === 'accessibility' ? text.slice(ACCESSIBILITY_PREFIX.length) : text;
}
