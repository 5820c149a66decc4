import { describe, expect, it } from '@jest/globals';
import { bookingLinkFor } from './booking-link';

const ada = { name: 'Ada Lovelace', email: 'ada@example.com' };

describe('the booking link', () => {
  it('is the service’s link with the name and address the visitor typed', () => {
    const link = bookingLinkFor('https://calendly.com/acme/discovery?utm_content=lead-token', ada);
    const url = new URL(link!);
    expect(url.origin + url.pathname).toBe('https://calendly.com/acme/discovery');
    expect([...url.searchParams]).toEqual([
      ['utm_content', 'lead-token'],
      ['name', 'Ada Lovelace'],
      ['email', 'ada@example.com'],
    ]);
  });

  it('replaces a name or address already in the link', () => {
    const link = bookingLinkFor('https://cal.com/acme/call?name=x&email=y&metadata[lead]=t', ada);
    const url = new URL(link!);
    expect(url.searchParams.getAll('name')).toEqual(['Ada Lovelace']);
    expect(url.searchParams.getAll('email')).toEqual(['ada@example.com']);
    expect(url.searchParams.get('metadata[lead]')).toBe('t');
  });

  it('cannot be steered by what the visitor typed', () => {
    const link = bookingLinkFor('https://cal.com/acme/call#top', {
      name: 'Eve&email=eve@evil.example#x',
      email: 'a+b@example.com',
    });
    const url = new URL(link!);
    expect(url.host).toBe('cal.com');
    expect(url.hash).toBe('#top');
    expect(url.searchParams.get('name')).toBe('Eve&email=eve@evil.example#x');
    expect(url.searchParams.getAll('email')).toEqual(['a+b@example.com']);
  });

  it.each([
    ['no link', undefined],
    ['an empty link', ''],
    ['something that is not a URL', 'not a url'],
    ['a script', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,hi'],
    ['a number', 42],
  ])('is absent for %s', (_, bookingUrl) => {
    expect(bookingLinkFor(bookingUrl, ada)).toBeUndefined();
  });
});
