/** The accessibility form's subject (site spec §7: "Subject: …", a blank line, the message). */
export const ACCESSIBILITY_SUBJECT = 'Accessibility Feedback';
const ACCESSIBILITY_PREFIX = `Subject: ${ACCESSIBILITY_SUBJECT}\n\n`;

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
