// Lighthouse's accessibility and best-practices scores of the console's screens, signed in: the
// console is not prerendered and needs a session, so it is measured here, in a Chromium that
// Playwright signs in and Lighthouse then drives through its debugging port, with the session's
// cookie kept (disableStorageReset). Every screen must score 100 in both.
import { chromium, expect, test } from '@playwright/test';
import lighthouse from 'lighthouse';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumFlags, chromiumPath } from '../support/chromium.ts';
import { enrolledOperator, keepConsoleTrafficLocal } from '../support/console.ts';
import { artifactsDir, consoleUrl, sql } from '../support/stack.ts';

const PORT = 9300 + Math.floor(Math.random() * 500);

test('every console screen scores 100 in accessibility and best practices', async () => {
  test.setTimeout(240_000);
  const profile = await mkdtemp(join(tmpdir(), 'console-lighthouse-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath,
    args: [...chromiumFlags, `--remote-debugging-port=${PORT}`],
  });
  try {
    await keepConsoleTrafficLocal(context);
    const page = context.pages()[0] ?? (await context.newPage());
    await enrolledOperator(page, 'admin');
    // A lead to open, with a note and a failed notification, so those screens show their rows.
    await sql(
      `INSERT INTO contact_submissions (name, email, company, role, message, kind)
       VALUES ('Lighthouse Lead', 'lighthouse@bank.example', 'Audit Bank', 'CFO', 'Hello', 'contact')`,
    );
    await page.goto(`${consoleUrl}/console/?q=lighthouse`);
    await page.getByRole('link', { name: /Lighthouse Lead/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Lead' })).toBeVisible();
    const leadPath = new URL(page.url()).pathname;
    // Lighthouse drives its own tab; Playwright's interception stays out of its way.
    await context.unrouteAll();

    const screens = [
      '/console/',
      '/console/?kind=accessibility&due=overdue',
      leadPath,
      '/console/overview',
      '/console/deliveries?status=failed',
      '/console/admin/erasure',
      '/console/admin/accounts',
      '/console/admin/audit',
      '/console/account',
    ];
    const rows: string[] = [];
    for (const path of screens) {
      const result = await lighthouse(`${consoleUrl}${path}`, {
        port: PORT,
        output: 'html',
        onlyCategories: ['accessibility', 'best-practices'],
        disableStorageReset: true,
        formFactor: 'desktop',
        screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1 },
        logLevel: 'error',
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${path}`);
      const { categories, audits } = result.lhr;
      const scores = {
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        bestPractices: Math.round((categories['best-practices']?.score ?? 0) * 100),
      };
      const slug = path.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'console';
      await writeFile(join(artifactsDir, `lighthouse-${slug}.html`), result.report as string);
      const lost = Object.entries(audits)
        .filter(
          ([, audit]) =>
            audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === 'binary',
        )
        .map(([id]) => id);
      rows.push(
        `${path}: accessibility ${scores.accessibility}, best practices ${scores.bestPractices}${lost.length ? ` (lost: ${lost.join(', ')})` : ''}`,
      );
      expect.soft(scores, `${path}: ${lost.join(', ')}`).toEqual({
        accessibility: 100,
        bestPractices: 100,
      });
    }
    console.log(`Lighthouse, console screens (signed in as an admin):\n  ${rows.join('\n  ')}`);
  } finally {
    await context.close();
    await rm(profile, { recursive: true, force: true });
  }
});
