import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };

/**
 * The accessibility form's subject and how a form sends one (contract/README.md): the subject
 * line, "Subject: …" and a blank line, first in the message.
 */
export const ACCESSIBILITY_PREFIX = contactFields.subjectLine.replace(
  '{subject}',
  contactFields.subjects.accessibility,
);

/** The kinds of lead, the one list of them (each has its indexes: migrations 1795600000000, 1795800000000). */
export const LEAD_KINDS = ['contact', 'accessibility'] as const;
export type LeadKind = (typeof LEAD_KINDS)[number];

/**
 * The kind rule, the one place it is written: accessibility feedback is a message sent with the
 * subject "Accessibility Feedback"; anything else is a contact request. kindOf() says it in
 * TypeScript, kindSql() in SQL, and test/lead-kind.e2e-spec.ts holds the two to the same answers.
 */
export function kindOf(message: string | null): LeadKind {
  return message?.startsWith(ACCESSIBILITY_PREFIX) ? 'accessibility' : 'contact';
}

/**
 * The same rule in SQL, over a message column, e.g. kindSql('s.message'): the database's function
 * lead_kind (migration 1795600000000), which the inbox's index on kind is built on.
 */
export function kindSql(message: string): string {
  return `lead_kind(${message})`;
}

/** The visitor's own text: for accessibility feedback, without the subject line. */
export function visitorText(message: string | null): string {
  const text = message ?? '';
  return kindOf(message) === 'accessibility' ? text.slice(ACCESSIBILITY_PREFIX.length) : text;
}
