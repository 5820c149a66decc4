import contactFields from '@proposal-site/contract/contact-fields.json' with { type: 'json' };

/**
 * The accessibility form's subject and how a form sends one (contract/README.md): the subject
 * line, "Subject: …" and a blank line, first in the message.
 */
const ACCESSIBILITY_SUBJECT = contactFields.subjects.accessibility;
export const ACCESSIBILITY_PREFIX = contactFields.subjectLine.replace(
  '{subject}',
  ACCESSIBILITY_SUBJECT,
);

export type LeadKind = 'contact' | 'accessibility';

/** A stored submission as the notification channels see it. */
export interface Lead {
  id: string;
  kind: LeadKind;
  name: string;
  email: string;
  company: string;
  role: string;
  /** The visitor's own text: for accessibility feedback, without the subject line. */
  message: string;
  createdAt: Date;
}

/** Accessibility feedback is a message sent with the subject "Accessibility Feedback". */
export function kindOf(message: string | null): LeadKind {
  return message?.startsWith(ACCESSIBILITY_PREFIX) ? 'accessibility' : 'contact';
}

export function toLead(row: {
  id: string;
  name: string;
  email: string;
  company: string;
  role: string;
  message: string | null;
  created_at: Date;
}): Lead {
  const kind = kindOf(row.message);
  const message = row.message ?? '';
  return {
    id: row.id,
    kind,
    name: row.name,
    email: row.email,
    company: row.company,
    role: row.role,
    message: kind === 'accessibility' ? message.slice(ACCESSIBILITY_PREFIX.length) : message,
    createdAt: row.created_at,
  };
}
