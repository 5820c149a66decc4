import { describe, expect, it } from '@jest/globals';
import { realSiteConfig } from '../test-utils/real-site-config';
import { SECURITY_TXT_LIFETIME_DAYS, securityTxt } from './security-txt';

const fields = (text: string) =>
  text
    .trim()
    .split('\n')
    .map((line) => line.split(/: (.*)/s).slice(0, 2) as [string, string]);

describe('security.txt', () => {
  const builtAt = new Date('2026-11-24T10:20:30.456Z');

  it('names the contact, the policy, the language and its own address, and expires within a year', () => {
    expect(fields(securityTxt(realSiteConfig, builtAt))).toEqual([
      ['Contact', 'mailto:security@proposals.test'],
      ['Expires', '2027-11-24T10:20:30Z'],
      ['Policy', 'https://proposals.test/security-policy'],
      ['Preferred-Languages', 'en'],
      ['Canonical', 'https://proposals.test/.well-known/security.txt'],
    ]);
    expect(SECURITY_TXT_LIFETIME_DAYS).toBeLessThanOrEqual(365);
  });

  it('makes a mailto: URI of a bare address, and keeps a URI as it is', () => {
    const bare = securityTxt({ ...realSiteConfig, securityContact: 'psirt@bank.test' }, builtAt);
    expect(bare).toContain('Contact: mailto:psirt@bank.test\n');
    const web = securityTxt(
      { ...realSiteConfig, securityContact: 'https://bank.test/report' },
      builtAt,
    );
    expect(web).toContain('Contact: https://bank.test/report\n');
  });
});
