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
const entries = [`${site}/main.tsx`, `${site}/dev-app.tsx`, `${site}/entry-server.tsx`];
/** The public site's own code: its layers and its entries. */
const siteCode = [
  ...['app', 'features', 'pages', 'islands', 'shared'].map((layer) => `${site}/${layer}`),
  ...entries,
];

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
    // An island (islands/) joins features and the store into the one part of a page that runs
    // in the browser; pages place islands, islands never import pages.
    target: `${site}/islands`,
    from: `${site}/pages`,
    message: 'Islands do not import pages: pages place islands (ContactFormIsland.tsx).',
  },
  {
    target: `${site}/shared`,
    from: [`${site}/features`, `${site}/pages`, `${site}/app`, `${site}/islands`, ...entries],
    message: 'shared/ is the bottom layer: it imports no feature, page or app code.',
  },
];

// The operators' console is a second app in the same package (frontend/console/index.html): it
// takes the site's request plumbing (shared/api) and its screen-reader-only rule
// (shared/visually-hidden.css) and nothing else, and the site never imports it,
// so no public page can carry its code.
const consoleApp = `${site}/console`;
const consoleZones = [
  {
    target: consoleApp,
    from: site,
    except: ['./console', './shared/api'],
    message: 'The console takes only shared/api from the site.',
  },
  {
    target: siteCode,
    from: consoleApp,
    message: 'The public site never imports the console.',
  },
];

/** Production code never leans on the test helpers. */
const siteProductionZones = [
  {
    target: siteCode,
    from: `${site}/test-utils`,
    message: 'test-utils/ is for tests only.',
  },
  {
    target: consoleApp,
    from: `${consoleApp}/test-utils`,
    message: 'console/test-utils/ is for tests only.',
  },
];

// The service's layers (docs/development.md, "Repository layout"): entry points → app →
// features → integrations → the bottom (settings, database, HTTP plumbing, logging). Each imports
// only what is below it. Features use one another only as listed here, so the list is the map of
// which concept leans on which, and no two lean on each other.
const service = 'contact-service/src';
const SERVICE_FEATURES = {
  contact: ['leads', 'notifications', 'metrics'],
  // A booking keeps or re-opens its lead's promise, and a booking with no form is a new lead.
  bookings: ['leads', 'notifications', 'metrics'],
  notifications: ['leads', 'audit', 'metrics'],
  cli: ['inbox', 'leads', 'notifications', 'audit', 'operators'],
  // The overview shows the site's field measurements beside the leads' figures, and the
  // accessibility statement's review date.
  inbox: ['leads', 'notifications', 'audit', 'operators', 'measurements', 'statement'],
  // The purge removes old leads (leads/), expired sessions (operators/) and old audit records
  // (audit/, which owns audit_log).
  retention: ['leads', 'operators', 'audit'],
  leads: ['audit'],
  // Disabling an account hands its open leads back to the team (leads/lead-owners.ts); a
  // break-glass sign-in alerts the admins on the team's channels (notifications/channels.ts); a
  // refused back-channel logout token is counted in the process's metrics, not audited
  // (metrics/console-metrics.ts). No cycle: metrics/ imports only leads/, which imports audit/.
  operators: ['audit', 'leads', 'notifications', 'metrics'],
  audit: [],
  health: [],
  metrics: ['leads'],
  measurements: ['metrics'],
  // The accessibility statement's known limitations are the confirmed reports (leads/); a missed
  // review is told to the admins as a console alert, which operators/ writes (console_alerts is
  // its table). No cycle: neither operators/ nor what it uses (audit/, leads/, notifications/,
  // metrics/) uses statement/.
  statement: ['leads', 'operators'],
};
const serviceFeatures = Object.keys(SERVICE_FEATURES);
const serviceBottom = ['config', 'database', 'http', 'logging'];
const under = (folders) => folders.map((folder) => `${service}/${folder}`);

const serviceZones = [
  {
    target: service,
    from: ['contact-service/test', 'contact-service/bench', 'contact-service/dev'],
    message: 'The service never imports its tests, benchmarks or development tools.',
  },
  {
    target: under(['app', ...serviceFeatures, 'integrations', ...serviceBottom]),
    from: `${service}/entrypoints`,
    message: 'Nothing imports an entry point: entrypoints/ is the top of the service.',
  },
  {
    target: under([...serviceFeatures, 'integrations', ...serviceBottom]),
    from: `${service}/app`,
    message: 'Only the entry points build the app (app/).',
  },
  ...serviceFeatures.map((feature) => ({
    target: `${service}/${feature}`,
    from: under(
      serviceFeatures.filter(
        (other) => other !== feature && !SERVICE_FEATURES[feature].includes(other),
      ),
    ),
    message: `${feature}/ uses only the features listed for it in eslint/architecture.js (SERVICE_FEATURES).`,
  })),
  // An integration speaks to the world about a lead; it takes the lead's shape and nothing else
  // of a feature.
  ...serviceFeatures.map((feature) => ({
    target: `${service}/integrations`,
    from: `${service}/${feature}`,
    except: feature === 'leads' ? ['./lead.ts'] : [],
    message: 'integrations/ is below the features: of them it imports only leads/lead.ts.',
  })),
  {
    target: under(serviceBottom),
    from: under(['entrypoints', 'app', ...serviceFeatures, 'integrations']),
    message: 'config/, database/, http/ and logging/ are the bottom: they import nothing above.',
  },
  {
    // A lead's history lines (lead_status_changes, lead_events), the audit records of its
    // changes and the notices a change cancels have one writer, LeadState, whose LeadHistory
    // writes them: any other file that changes a lead asks LeadState (docs/development.md).
    target: `${service}/**/!(lead-state).ts`,
    from: `${service}/leads/lead-history.ts`,
    message: 'Only leads/lead-state.ts writes a lead’s history and audit: call a LeadState method.',
  },
];

const rule = (zones) => ({
  'import-x/no-restricted-paths': ['error', { basePath: root, zones }],
});

/** Flat-config objects; the last one that matches a file decides its zones. */
export const architecture = [
  { files: ['**/*.{js,mjs,cjs,ts,tsx}'], rules: rule(deployableZones) },
  {
    files: [`${site}/**/*.{ts,tsx}`],
    rules: rule([...deployableZones, ...siteZones, ...consoleZones]),
  },
  {
    files: [`${site}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.{ts,tsx}', `${site}/test-utils/**`, `${consoleApp}/test-utils/**`],
    rules: rule([...deployableZones, ...siteZones, ...consoleZones, ...siteProductionZones]),
  },
  { files: ['contact-service/**/*.ts'], rules: rule([...deployableZones, ...serviceZones]) },
];
