import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';
import { artifactsDir, baseUrl } from './support/stack.ts';

/**
 * The specs that exercise what a stack adds to its pages: web's nginx and the site it serves, the
 * contact-service (its replicas in the container stack), the database and the mail. The others
 * (the `page` project) check what a page does in the browser, which is the same prerendered HTML
 * and code in every stack. CI runs each spec once: `page` against `make e2e`'s stack, `stack`
 * against the container stack (docs/development.md, "CI"). Without --project, both run.
 */
const STACK_SPECS = [
  'pages',
  'contact-form',
  'notifications',
  'islands',
  'hostile-paths',
  'malformed-urls',
  'console',
  'inbox',
  'promises',
  'bookings',
  'attribution',
].map((name) => `**/${name}.spec.ts`);

export default defineConfig({
  testDir: './tests',
  projects: [
    { name: 'stack', testMatch: STACK_SPECS },
    { name: 'page', testIgnore: STACK_SPECS },
  ],
  outputDir: `${artifactsDir}/test-results`,
  globalSetup: './support/global-setup.ts',
  // The tests share one stack, one database and nginx's per-client POST budget: run them one
  // at a time, and never retry (a retry would hide a flaky site and spend that budget).
  workers: 1,
  fullyParallel: false,
  retries: 0,
  forbidOnly: !!process.env.CI,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ['html', { outputFolder: `${artifactsDir}/report`, open: 'never' }],
    ['junit', { outputFile: `${artifactsDir}/junit.xml` }],
  ],
  use: {
    baseURL: baseUrl,
    browserName: 'chromium',
    launchOptions: { executablePath: chromiumPath, args: chromiumFlags },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    video: 'off',
  },
});
