import { describe, expect, it } from '@jest/globals';
import { getDataSourceToken } from '@nestjs/typeorm';
import fc from 'fast-check';
import type { DataSource } from 'typeorm';
import { MeasurementsService } from '../src/measurements/measurements.service.js';
import { fieldPercentiles } from '../src/measurements/field-measurement-store.js';
import { BEACONS_PER_SUBMISSION } from '../src/integrations/rate-limit/rate-limit.module.js';
import {
  request,
  appOnNewDatabase,
  stopApp,
  VALID_CONTACT,
  serviceForThisFile,
} from './support/test-app.js';

const app = serviceForThisFile({ RATE_LIMIT_MAX: '10000' });

const beacon = (body: unknown, headers: Record<string, string> = {}) =>
  request(`${app.service.baseUrl}/api/measurements`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
const metrics = async () => (await request(`${app.service.baseUrl}/metrics`)).text;
const tables = async () =>
  (await app.db.query(
    `SELECT (SELECT count(*) FROM contact_submissions)::int AS leads,
            (SELECT coalesce(sum(n), 0) FROM field_measurements)::int AS measured`,
  )) as { leads: number; measured: number }[];

describe('POST /api/measurements', () => {
  it('counts Core Web Vitals per page as Prometheus histograms, and the form funnel', async () => {
    const answer = await beacon({
      route: '/about',
      vitals: [
        { name: 'LCP', value: 1234.5 },
        { name: 'CLS', value: 0.02 },
        { name: 'INP', value: 88 },
        { name: 'FCP', value: 900 },
        { name: 'TTFB', value: 120 },
      ],
    });
    expect(answer.status).toBe(204);
    expect(answer.headers.get('set-cookie')).toBeNull();
    expect((await beacon({ route: '/', funnel: [{ form: 'contact', step: 'seen' }] })).status).toBe(
      204,
    );
    const text = await metrics();
    expect(text).toContain('web_vitals_seconds_bucket{le="1.5",route="/about",metric="LCP"} 1');
    expect(text).toContain('web_vitals_seconds_bucket{le="1.2",route="/about",metric="LCP"} 0');
    expect(text).toContain('web_vitals_seconds_count{route="/about",metric="INP"} 1');
    expect(text).toContain('web_vitals_cls_bucket{le="0.025",route="/about"} 1');
    expect(text).toContain('contact_form_funnel_total{form="contact",step="seen"} 1');
  });

  it('counts any path that is not a page as the 404 page, so labels stay few', async () => {
    expect(
      (await beacon({ route: '/wp-login.php?x=<script>', vitals: [{ name: 'TTFB', value: 5 }] }))
        .status,
    ).toBe(204);
    const text = await metrics();
    expect(text).toContain('web_vitals_seconds_count{route="404",metric="TTFB"} 1');
    expect(text).not.toContain('wp-login');
  });

  it("gives the console each page's 75th percentile, from the counts written by the replicas", async () => {
    for (const value of [500, 700, 900, 2600]) {
      await beacon({ route: '/privacy', vitals: [{ name: 'LCP', value }] });
    }
    await app.service.app.get(MeasurementsService).flush();
    const privacy = (
      await fieldPercentiles(app.service.app.get<DataSource>(getDataSourceToken()))
    ).find((row) => row.route === '/privacy' && row.metric === 'LCP');
    // 4 views: 0.5, 0.8, 1 and 3 s buckets; the 3rd of 4 (75 %) is in the 1 s bucket.
    expect(privacy).toEqual({ route: '/privacy', metric: 'LCP', views: 4, p75: 1 });
  });

  it.each([
    ['no route', { vitals: [] }],
    ['an unknown metric', { route: '/', vitals: [{ name: 'FID', value: 1 }] }],
    ['a negative value', { route: '/', vitals: [{ name: 'LCP', value: -1 }] }],
    ['an identifier', { route: '/', visitor: 'abc' }],
    ['an unknown funnel step', { route: '/', funnel: [{ form: 'contact', step: 'bought' }] }],
    ['a route that is not a path', { route: 'https://evil.example/' }],
    ['a null list', { route: '/', vitals: null }],
    ['an identifier inside a vital', { route: '/', vitals: [{ name: 'LCP', value: 1, id: 'a' }] }],
    ['a vital that is not an object', { route: '/', vitals: ['LCP'] }],
    [
      'a vital nested thousands deep',
      JSON.parse(`{"route":"/","vitals":${'['.repeat(3000)}${']'.repeat(3000)}}`),
    ],
  ])('refuses %s with a 400 that says what is allowed, and counts nothing', async (_, body) => {
    const before = await tables();
    const answer = await beacon(body);
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ status: 400, error: 'Bad Request' });
    expect(String(answer.body.message)).toMatch(
      /^The measurements were not counted: (the body|route|vitals|funnel|visitor)\b[\w.]* is not allowed\. Send /,
    );
    await app.service.app.get(MeasurementsService).flush();
    expect(await tables()).toEqual(before);
  });

  it('answers any body whatever with a 204 or a 4xx, never a 5xx (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.jsonValue({ maxDepth: 4 }),
          // Close to valid: a real route, lists of anything where the lists of objects go.
          fc.record(
            {
              route: fc.constantFrom('/', '/about'),
              vitals: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }),
              funnel: fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 3 }),
            },
            { requiredKeys: ['route'] },
          ),
        ),
        async (body) => {
          const answer = await beacon(JSON.stringify(body));
          expect([204, 400]).toContain(answer.status);
        },
      ),
      // Within the per-client limit of beacons (BEACONS_PER_SUBMISSION × RATE_LIMIT_MAX per window), 429 after.
      { numRuns: 90 },
    );
  });

  it('refuses a body that is not JSON with 415', async () => {
    expect((await beacon('route=/', { 'content-type': 'text/plain' })).status).toBe(415);
  });
});

describe('the beacons’ own rate limit', () => {
  it('is BEACONS_PER_SUBMISSION times the submissions’, and never uses up a visitor’s submissions', async () => {
    const { db: own, service: small } = await appOnNewDatabase({ RATE_LIMIT_MAX: '2' });
    try {
      const send = () =>
        request(`${small.baseUrl}/api/measurements`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ route: '/', funnel: [{ form: 'contact', step: 'seen' }] }),
        });
      const answers: number[] = [];
      for (let i = 0; i < 2 * BEACONS_PER_SUBMISSION + 1; i += 1)
        answers.push((await send()).status);
      expect(answers.slice(0, -1).every((status) => status === 204)).toBe(true);
      expect(answers.at(-1)).toBe(429);
      // The contact form's own allowance is untouched.
      expect((await small.post(VALID_CONTACT)).status).toBe(201);
      expect((await small.post(VALID_CONTACT)).status).toBe(201);
      expect((await small.post(VALID_CONTACT)).status).toBe(429);
    } finally {
      await stopApp(small, own);
    }
  });
});
