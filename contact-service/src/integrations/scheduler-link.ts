/**
 * The scheduler's booking link as the receipt offers it (docs/bookings.md): prefilled with the
 * prospect's own address, and carrying the lead's id back in the booking's webhook — Calendly
 * returns `utm_content` in `payload.tracking`, Cal.com returns `metadata[lead]` in
 * `payload.metadata`. The name is left out: the receipt repeats nothing a visitor typed but the
 * address it goes to, so the form cannot send a stranger a text of one's choosing.
 */
export function schedulerLink(schedulerUrl: string, lead: { id: string; email: string }): string {
  const link = new URL(schedulerUrl);
  link.searchParams.set('email', lead.email);
  const calendly = link.hostname === 'calendly.com' || link.hostname.endsWith('.calendly.com');
  link.searchParams.set(calendly ? 'utm_content' : 'metadata[lead]', lead.id);
  return link.toString();
}
