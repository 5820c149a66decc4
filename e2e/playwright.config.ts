import { defineConfig } from '@playwright/test';
import { chromiumFlags, chromiumPath } from './support/chromium.ts';
import { artifactsDir, baseUrl } from './support/stack.ts';

export default defineConfig({
  testDir: './tests',
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
