// The architecture, as import rules (import-x/no-restricted-paths, as in bulletproof-react's
// .eslintrc.cjs). A zone forbids files under `target` to import anything under `from`, apart
// from `except`; paths are relative to the repository root. Imports are resolved first, so a
// relative path, a package name or a re-export cannot slip past a zone.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');

/**
 * The packages that ship or run on their own. None imports another's source: what they share is
 * the HTTP contract, the data-only package in contract/ (@proposal-site/contract).
 */
const DEPLOYABLES = ['frontend', 'contact-service', 'e2e', 'deploy/kubernetes'];

const deployableZones = DEPLOYABLES.map((target) => ({
  target,
  from: DEPLOYABLES.filter((other) => other !== target),
  message: 'The deployables share only the contract (@proposal-site/contract), never source.',
}));

// The site's layers, as bulletproof-react orders them: shared → features → pages → app. Each
// may import the ones before it, never those after it, and a feature never another feature.
const site = 'frontend/src';
const features = readdirSync(join(root, site, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const entries = [`${site}/main.tsx`, `${site}/entry-server.tsx`];

const siteZones = [
  ...features.map((feature) => ({
    target: `${site}/features/${feature}`,
    from: `${site}/features`,
    except: [`./${feature}`],
    message: 'Features do not import each other: a page (or app/) joins them.',
  })),
  {
    target: `${site}/features`,
    from: `${site}/pages`,
    message: 'Features do not import pages.',
  },
  {
    // The store's plumbing is the one thing features take from app/, as in redux-templates.
    target: `${site}/features`,
    from: `${site}/app`,
    except: ['./hooks.ts', './store.ts'],
    message: 'Features take only the typed hooks (app/hooks.ts) and the store from app/.',
  },
  {
    target: `${site}/pages`,
    from: `${site}/app`,
    message: 'Pages do not import app/: app/ renders the pages, not the other way round.',
  },
  {
    target: `${site}/shared`,
    from: [`${site}/features`, `${site}/pages`, `${site}/app`, ...entries],
    message: 'shared/ is the bottom layer: it imports no feature, page or app code.',
  },
];

/** Production code never leans on the test helpers. */
const siteProductionZones = [
  {
    target: [`${site}/app`, `${site}/features`, `${site}/pages`, `${site}/shared`, ...entries],
    from: `${site}/test-utils`,
    message: 'test-utils/ is for tests only.',
  },
];

const serviceZones = [
  {
    target: 'contact-service/src',
    from: ['contact-service/test', 'contact-service/bench'],
    message: 'The service never imports its tests or benchmarks.',
  },
];

const rule = (zones) => ({
  'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
});

/** Flat-config objects; the last one that matches a file decides its zones. */
export const architecture = [
  { files: ['**/*.{js,mjs,cjs,ts,tsx}'], rules: rule(deployableZones) },
  { files: [`${site}/**/*.{ts,tsx}`], rules: rule([...deployableZones, ...siteZones]) },
  {
    files: [`${site}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${site}/test-utils/**`],
    rules: rule([...deployableZones, ...siteZones, ...siteProductionZones]),
  },
  { files: ['contact-service/**/*.ts'], rules: rule([...deployableZones, ...serviceZones]) },
];
