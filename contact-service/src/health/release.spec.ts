import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from '@jest/globals';
import release from '@proposal-site/contract/release.json' with { type: 'json' };

// The release's version is written once (contract/release.json); CHANGELOG.md says what each
// release asks of an operator. A release without its entry, or an entry for a release that is
// not this one, is a changelog an operator cannot trust before an upgrade.
const changelog = readFileSync(join(__dirname, '../../../CHANGELOG.md'), 'utf8');
const entries = [...changelog.matchAll(/^## (\S+) — (\d{4}-\d{2}-\d{2})$/gm)];
const repository = (path: string) => readFileSync(join(__dirname, '../../..', path), 'utf8');

describe('the release', () => {
  it('has a version of three numbers', () => {
    expect(release.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('is the changelog’s newest entry, which says what it asks of an operator', () => {
    expect(entries[0]?.[1]).toBe(release.version);
    const newest = changelog.slice(entries[0]!.index, entries[1]?.index);
    expect(newest).toContain('### What it asks of the operator');
  });

  it('comes after every earlier entry, each dated no later than the one above it', () => {
    const versions = entries.map(([, version]) => version!.split('.').map(Number));
    const dates = entries.map(([, , date]) => date!);
    for (let i = 1; i < entries.length; i++) {
      const [newer, older] = [versions[i - 1]!, versions[i]!];
      const order = newer.findIndex((part, at) => part !== older[at]);
      expect([entries[i]![1], order >= 0 && newer[order]! > older[order]!]).toEqual([
        entries[i]![1],
        true,
      ]);
      expect(dates[i]! <= dates[i - 1]!).toBe(true);
    }
  });

  it('tags the project’s images with it, in every compose file that names one', () => {
    for (const file of ['docker-compose.yml', '.ci/compose.offsite.yml']) {
      const tags = [...repository(file).matchAll(/image: proposal-site\/([a-z-]+):(\S+)/g)];
      expect(tags.length).toBeGreaterThan(0);
      for (const [, image, tag] of tags)
        expect([file, image, tag]).toEqual([file, image, release.version]);
    }
  });

  it('is upgraded to in CI from the changelog’s previous entry (.ci/previous-release)', () => {
    const [version, commit] = repository('.ci/previous-release')
      .split('\n')
      .filter((line) => line && !line.startsWith('#'))[0]!
      .split(' ');
    expect(version).toBe(entries[1]?.[1]);
    expect(commit).toMatch(/^[0-9a-f]{7,40}$/);
  });
});
