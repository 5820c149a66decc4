import { afterEach, beforeEach, describe, expect, it, jest } from '@jest/globals';
import { carried } from '@proposal-site/contract/attribution.json';
import { carriedQuery, carryAttribution, carryOnLink } from './carry-attribution';
import type { PageAddress } from './read-attribution';

const SITE = 'http://localhost';
const CAMPAIGN = '?utm_source=linkedin&utm_medium=paid&evil=1';

function link(href: string): HTMLAnchorElement {
  const a = document.createElement('a');
  a.setAttribute('href', href);
  return a;
}

/** The address a link opens, as the browser resolves it. */
const opens = (a: HTMLAnchorElement) => new URL(a.href);

function setReferrer(referrer: string) {
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
}

describe('the query a visit carries', () => {
  it('renames the landing path and the referrer host to the site’s own parameters', () => {
    expect(carried).toEqual({ landing_path: 'landing', referrer_host: 'ref' });
    expect(
      carriedQuery(
        { utm_source: 'linkedin', landing_path: '/', referrer_host: 'www.linkedin.com' },
        '?utm_source=linkedin',
      ),
    ).toEqual([
      ['utm_source', 'linkedin'],
      ['landing', '/'],
      ['ref', 'www.linkedin.com'],
    ]);
  });

  it('is empty for a direct visit: no parameter, no other site, no carried landing path', () => {
    expect(carriedQuery({ landing_path: '/about' }, '')).toEqual([]);
    expect(carriedQuery(undefined, '')).toEqual([]);
  });

  it('goes on once the visit carries its landing path, even with nothing else', () => {
    expect(carriedQuery({ landing_path: '/privacy' }, '?landing=%2Fprivacy')).toEqual([
      ['landing', '/privacy'],
    ]);
  });
});

describe('a link carrying the query', () => {
  const query: [string, string][] = [
    ['utm_source', 'linkedin'],
    ['landing', '/'],
    ['ref', 'www.linkedin.com'],
  ];
  const here: PageAddress = { origin: SITE, pathname: '/about', search: '?utm_source=linkedin' };

  it('gets the query on a link to another page of the site, as a path', () => {
    const a = link('/privacy');
    carryOnLink(a, query, here);
    expect(a.getAttribute('href')).toBe(
      '/privacy?utm_source=linkedin&landing=%2F&ref=www.linkedin.com',
    );
  });

  it('keeps the link’s own query and fragment, and sets the carried parameters once', () => {
    const a = link(`${SITE}/?page=2&utm_source=old#solution`);
    carryOnLink(a, query, here);
    carryOnLink(a, query, here);
    const url = opens(a);
    expect(url.pathname).toBe('/');
    expect(url.hash).toBe('#solution');
    expect([...url.searchParams]).toEqual([
      ['page', '2'],
      ['utm_source', 'linkedin'],
      ['landing', '/'],
      ['ref', 'www.linkedin.com'],
    ]);
  });

  it('gives a section of this very page this page’s own query, so it stays a jump', () => {
    const a = link('/about#contact');
    carryOnLink(a, query, here);
    expect(a.getAttribute('href')).toBe('/about?utm_source=linkedin#contact');
  });

  it.each([
    ['another origin', 'https://cal.com/example/discovery-call'],
    ['another port', 'http://localhost:8081/'],
    ['mailto:', 'mailto:hello@example.com'],
    ['tel:', 'tel:+3200000000'],
    ['a hash only', '#problem'],
    ['the API', '/api/contact'],
    ['the console', '/console/leads'],
    ['the console’s root', '/console'],
  ])('leaves a link to %s alone', (_, href) => {
    const a = link(href);
    carryOnLink(a, query, here);
    expect(a.getAttribute('href')).toBe(href);
  });
});

describe('carrying the attribution on the page', () => {
  /** The listeners carryAttribution added to the document, removed after each test. */
  let added: Parameters<Document['addEventListener']>[] = [];

  beforeEach(() => {
    added = [];
    const add = document.addEventListener.bind(document);
    jest.spyOn(document, 'addEventListener').mockImplementation((...args) => {
      added.push(args);
      add(...args);
    });
    jest.useFakeTimers();
    document.head.innerHTML = `<link rel="canonical" href="${SITE}/">`;
    document.body.innerHTML = `
      <nav><a href="/about">About</a><a href="/#problem">Problem</a><a href="#main">Skip</a></nav>
      <a href="https://cal.com/example/discovery-call" target="_blank">Book a Demo</a>
      <a href="mailto:hello@example.com">hello@example.com</a>
      <div data-island="contact-form"><a href="/privacy">Privacy</a></div>`;
    setReferrer('');
  });

  afterEach(() => {
    for (const args of added) document.removeEventListener(...args);
    jest.useRealTimers();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  const href = (text: string) =>
    [...document.querySelectorAll('a')].find((a) => a.textContent === text)?.getAttribute('href');

  it('rewrites the site’s links once the browser is idle, not before', () => {
    window.history.replaceState(null, '', `/${CAMPAIGN}`);
    setReferrer('https://www.linkedin.com/');
    carryAttribution();
    expect(href('About')).toBe('/about');

    jest.runAllTimers();
    expect(href('About')).toBe(
      '/about?utm_source=linkedin&utm_medium=paid&landing=%2F&ref=www.linkedin.com',
    );
    // A section of this page keeps this page's own address, so it is a jump, not a new load.
    expect(href('Problem')).toBe(`/${CAMPAIGN}#problem`);
    expect(href('Skip')).toBe('#main');
    expect(href('Book a Demo')).toBe('https://cal.com/example/discovery-call');
    expect(href('hello@example.com')).toBe('mailto:hello@example.com');
    // The island hydrates over the HTML it was rendered with: its links wait for a click.
    expect(href('Privacy')).toBe('/privacy');
    // The head, and so the canonical address, is not touched.
    expect(document.querySelector('link[rel=canonical]')?.getAttribute('href')).toBe(`${SITE}/`);
  });

  it('rewrites a link rendered later, or inside the island, as it is clicked', () => {
    window.history.replaceState(null, '', '/about?gclid=abc&landing=%2F&ref=www.google.com');
    carryAttribution();
    const later = link('/terms');
    later.textContent = 'Terms';
    document.body.append(later);
    // The page's own handler runs after the capture: the link is already rewritten by then.
    let followed: string | null = null;
    const follow = (event: Event) => {
      followed = (event.target as Element).closest('a')?.getAttribute('href') ?? null;
      event.preventDefault();
    };
    document.addEventListener('click', follow);
    try {
      later.click();
      expect(followed).toBe('/terms?gclid=abc&landing=%2F&ref=www.google.com');
      (document.querySelector('[data-island] a') as HTMLAnchorElement).click();
      expect(href('Privacy')).toBe('/privacy?gclid=abc&landing=%2F&ref=www.google.com');
    } finally {
      document.removeEventListener('click', follow);
    }
  });

  it('rewrites a link opened with the middle button or through its menu', () => {
    window.history.replaceState(null, '', '/?utm_source=linkedin');
    carryAttribution();
    const about = document.querySelector<HTMLAnchorElement>('nav a')!;
    about.dispatchEvent(new MouseEvent('auxclick', { bubbles: true, button: 1 }));
    expect(about.getAttribute('href')).toBe('/about?utm_source=linkedin&landing=%2F');
    document.body.insertAdjacentHTML('beforeend', '<a href="/demo"><span>Demo</span></a>');
    document
      .querySelector('a[href="/demo"] span')!
      .dispatchEvent(new MouseEvent('contextmenu', { bubbles: true }));
    expect(href('Demo')).toBe('/demo?utm_source=linkedin&landing=%2F');
  });

  it('carries the landing page and the other site of a visit without parameters', () => {
    window.history.replaceState(null, '', '/privacy');
    setReferrer('https://duckduckgo.com/');
    carryAttribution();
    jest.runAllTimers();
    expect(href('About')).toBe('/about?landing=%2Fprivacy&ref=duckduckgo.com');
  });

  it('leaves every link of a direct visit alone, even when clicked', () => {
    window.history.replaceState(null, '', '/about');
    setReferrer(`${SITE}/`);
    carryAttribution();
    jest.runAllTimers();
    (document.querySelector('[data-island] a') as HTMLAnchorElement).dispatchEvent(
      new MouseEvent('contextmenu', { bubbles: true }),
    );
    expect([...document.querySelectorAll('a')].map((a) => a.getAttribute('href'))).toEqual([
      '/about',
      '/#problem',
      '#main',
      'https://cal.com/example/discovery-call',
      'mailto:hello@example.com',
      '/privacy',
    ]);
  });

  it('keeps nothing in cookies, storage or the window’s name', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem');
    window.history.replaceState(null, '', `/${CAMPAIGN}`);
    setReferrer('https://www.linkedin.com/');
    carryAttribution();
    jest.runAllTimers();
    document
      .querySelector<HTMLAnchorElement>('[data-island] a')!
      .dispatchEvent(new MouseEvent('contextmenu', { bubbles: true }));
    expect(document.cookie).toBe('');
    expect(localStorage).toHaveLength(0);
    expect(sessionStorage).toHaveLength(0);
    expect(setItem).not.toHaveBeenCalled();
    expect(window.name).toBe('');
  });
});
