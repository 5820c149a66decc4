// `make start` under load: 20 connections post for 10 s to the contact-service as `make start`
// runs it (its embedded Postgres, infra/local/with-contact-service.sh), which must answer only
// 201 or 429, and every 201's lead must be in the database. Run by `make bench`; it prints the
// figures and exits 1 when either fails. Correctness under concurrency, not speed: no timing
// decides the outcome.
import autocannon from 'autocannon';
import pg from 'pg';
import { runningEmbeddedPostgres } from '../src/database/embedded-postgres.js';

const SERVICE_URL = process.env.CONTACT_SERVICE_URL ?? 'http://127.0.0.1:3000';
const DATA_DIR = process.env.EMBEDDED_DB_DIR ?? '.data/postgres';
const SECONDS = Number(process.env.LOAD_SECONDS ?? 10);
const CONNECTIONS = 20;
/** Every n-th request comes from one address, so the rate limit answers 429 as well. */
const REPEAT_EVERY = 10;
const REPEATED_ADDRESS = '203.0.113.7';

async function main(): Promise<void> {
  const database = runningEmbeddedPostgres(DATA_DIR);
  if (!database) throw new Error(`no running service has an embedded database in ${DATA_DIR}`);

  const statuses = new Map<number, number>();
  const accepted: string[] = [];
  let sent = 0;
  const result = await autocannon({
    url: `${SERVICE_URL}/api/contact`,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      {
        method: 'POST',
        setupRequest(request) {
          const n = sent++;
          // Visitors from many addresses (the service believes X-Forwarded-For from loopback,
          // as from nginx), and one that keeps coming back until the rate limit stops it.
          const address =
            n % REPEAT_EVERY === 0
              ? REPEATED_ADDRESS
              : `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
          return {
            ...request,
            headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
            body: JSON.stringify({
              name: `Load ${n}`,
              email: `load-${n}@example.com`,
              company: 'Northbridge Capital',
              role: 'Managing Director',
              message: `Load test lead ${n}: a pilot for our M&A team.`,
            }),
          };
        },
        onResponse(status, body) {
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 201) accepted.push((JSON.parse(body) as { id: string }).id);
        },
      },
    ],
  });

  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  const { rows } = await client.query<{ n: number }>(
    'SELECT count(*)::int AS n FROM contact_submissions WHERE id = ANY($1::uuid[])',
    [accepted],
  );
  await client.end();
  const stored = rows[0]!.n;

  const answers = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
  const unexpected = [...statuses].filter(([s]) => s !== 201 && s !== 429);
  console.log(
    `make start under load: ${CONNECTIONS} connections, ${SECONDS} s, POST /api/contact on the embedded database`,
  );
  console.log(
    `  answers ${answers.join(', ')}; errors ${result.errors}, timeouts ${result.timeouts}`,
  );
  console.log(
    `  ${(result.requests.total / SECONDS).toFixed(0)} req/s, latency p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
  );
  console.log(`  201s whose lead is in the database: ${stored} of ${accepted.length}`);
  const failures = [
    unexpected.length > 0 &&
      `answers other than 201/429 (${unexpected.map(([s]) => s).join(', ')})`,
    result.errors + result.timeouts > 0 && 'connection errors or timeouts',
    stored !== accepted.length && `${accepted.length - stored} accepted leads missing`,
    accepted.length === 0 && 'no lead accepted at all',
    !statuses.has(429) && 'the rate limit never answered 429',
  ].filter(Boolean);
  console.log(failures.length ? `  FAILED: ${failures.join('; ')}` : '  passed');
  if (failures.length) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(`The load test failed: ${String(error)}`);
  process.exit(1);
});
