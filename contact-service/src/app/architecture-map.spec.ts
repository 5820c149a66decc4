import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// docs/development.md draws the service's map ("Repository layout"); eslint/architecture.js
// enforces it (SERVICE_FEATURES, the folders below the features). Both are read as text here so
// that a feature added to one and not the other fails a test, not a reader.
const root = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

/** The features eslint/architecture.js lists, from its SERVICE_FEATURES object. */
function eslintFeatures(): string[] {
  const block = /const SERVICE_FEATURES = \{\n([\s\S]*?)\n\};/.exec(read('eslint/architecture.js'));
  return [...block![1]!.matchAll(/^ {2}(\w+):/gm)].map(([, name]) => name!);
}

/** The feature folders docs/development.md names under "Features". */
function documentedFeatures(): string[] {
  const docs = read('docs/development.md');
  const section = docs.slice(docs.indexOf('- **Features**'), docs.indexOf('- **Integrations**'));
  return [...section.matchAll(/`src\/(\w+)\/`/g)].map(([, name]) => name!);
}

const NOT_FEATURES = [
  'app',
  'entrypoints',
  'integrations',
  'config',
  'database',
  'http',
  'logging',
];

describe('the map of the service', () => {
  it('lists the same features in docs/development.md as eslint/architecture.js enforces', () => {
    expect(new Set(documentedFeatures())).toEqual(new Set(eslintFeatures()));
  });

  it('gives every folder of src/ a place: a feature, an application, or a layer below', () => {
    const folders = readdirSync(join(root, 'contact-service/src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .filter((name) => !NOT_FEATURES.includes(name));
    expect(new Set(folders)).toEqual(new Set(eslintFeatures()));
  });
});
