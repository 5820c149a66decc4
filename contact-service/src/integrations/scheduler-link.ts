/** Which scheduler a booking page is on: Calendly's own hosts, or Cal.com (hosted or not). */
export function schedulerOfLink(schedulerUrl: string): 'calendly' | 'cal.com' {
  const { hostname } = new URL(schedulerUrl);
  return hostname === 'calendly.com' || hostname.endsWith('.calendly.com') ? 'calendly' : 'cal.com';
}

/**
 * The scheduler's booking link as the receipt offers it (docs/bookings.md), carrying the lead's
 * booking token (leads/booking-token.ts) back in the booking's webhook — Calendly returns
 * `utm_content` in `payload.tracking`, Cal.com returns `metadata[lead]` in `payload.metadata`.
 * The token is opaque: the link shows neither the lead's id nor its address, and nothing the
 * visitor typed, so the form cannot send a stranger a text of one's choosing.
 */
export function schedulerLink(schedulerUrl: string, token: string): string {
  const link = new URL(schedulerUrl);
  const calendly = schedulerOfLink(schedulerUrl) === 'calendly';
  link.searchParams.set(calendly ? 'utm_content' : 'metadata[lead]', token);
  return link.toString();
}
