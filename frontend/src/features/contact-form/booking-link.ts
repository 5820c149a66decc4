/** The visitor's name and address as they typed them, for the scheduler to fill in. */
export interface BookingPerson {
  name: string;
  email: string;
}

/**
 * The link the success toast offers: the service's `bookingUrl` (the scheduler's page with the
 * lead's booking token, contract/README.md) with `name` and `email` set, which both Calendly and
 * Cal.com read to fill in their booking form (https://help.calendly.com/hc/en-us/articles/226766767,
 * https://cal.com/help/embedding/embed-auto-forward-query-params). Set through the URL's own
 * parameters, so that nothing the visitor typed can change where the link goes; undefined when
 * the answer has no link, or has something other than a web address (the toast then offers none).
 */
export function bookingLinkFor(bookingUrl: unknown, person: BookingPerson): string | undefined {
  if (typeof bookingUrl !== 'string') return undefined;
  let url: URL;
  try {
    url = new URL(bookingUrl);
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  url.searchParams.set('name', person.name);
  url.searchParams.set('email', person.email);
  return url.href;
}
