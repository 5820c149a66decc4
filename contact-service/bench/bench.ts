// Throughput of POST /api/contact against a real Postgres, next to a bare `pg` insert loop on the
// same server in the same run, so the ratio holds on any machine. `npm run bench -w contact-service`.
// BENCH_DATABASE_URL (default: the local server) must allow CREATE DATABASE.
//
// The service runs with email notifications on, delivering to an SMTP sink in this process: every
// 201 includes the notification's transaction. First, the time from a 201 to its mail in the sink
// (leads sent at a steady pace, so no backlog distorts it); then the throughput run.
import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const SERVER_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = 20;
const PORT = 3900 + Math.floor(Math.random() * 90);
const POOL_SIZE = 10;
const LATENCY_LEADS = Number(process.env.BENCH_LATENCY_LEADS ?? 200);
/**
 * Goals (docs/development.md, "Benchmark"), each against the bare insert loop measured in the same run
 * on the same server, so that a slower host moves both sides and cannot decide the outcome:
 * throughput at least 0.15 of the bare loop's; POST p99 at most 10 times the bare loop's p99, a
 * coarse bound, because the bare loop's p99 alone swings 2x between runs here (6.2-12.4 ms, the
 * service's 38-39 ms: ratios 3.1-6.3). The time from a 201 to the inbox has no reference of its
 * own and is reported, not gated.
 */
const GOALS = { ratio: 0.15, p99Factor: 10 };
const body = {
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  company: 'Northbridge Capital',
  role: 'Managing Director',
  message: 'We would like to discuss a pilot for our M&A team.',
};

async function admin(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: SERVER_URL });
  await client.connect();
  await client.query(sql);
  await client.end();
}

async function bareInserts(url: string): Promise<{ perSecond: number; p50: number; p99: number }> {
  const pool = new pg.Pool({ connectionString: url, max: POOL_SIZE });
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  const worker = async () => {
    while (performance.now() < end) {
      const started = performance.now();
      await pool.query(
        `INSERT INTO contact_submissions (name, email, company, role, message, kind) VALUES ($1, $2, $3, $4, $5, 'contact') RETURNING id, created_at`,
        [body.name, body.email, body.company, body.role, body.message],
      );
      latencies.push(performance.now() - started);
    }
  };
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  await pool.end();
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.floor(q * (latencies.length - 1))]!;
  return { perSecond: latencies.length / SECONDS, p50: at(0.5), p99: at(0.99) };
}

const percentile = (sorted: number[], q: number) => sorted[Math.floor(q * (sorted.length - 1))]!;

/** An SMTP server that notes when each lead's mail (X-Lead-Id) arrived. */
async function smtpSink(): Promise<{ port: number; arrived: Map<string, number>; close(): void }> {
  const arrived = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let head = '';
      stream.on('data', (chunk: Buffer) => {
        if (head.length < 4096) head += chunk.toString('utf8');
      });
      stream.on('end', () => {
        const id = /^X-Lead-Id: (\S+)/im.exec(head)?.[1];
        if (id) arrived.set(id, performance.now());
        callback();
      });
    },
  });
  server.on('error', () => {}); // a connection reset by the stopping service is not a failure
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return { port, arrived, close: () => server.close() };
}

/** Leads at a steady pace; for each, the time from its 201 to its mail in the sink. */
async function timeToInbox(arrived: Map<string, number>): Promise<{ median: number; p99: number }> {
  const answered = new Map<string, number>();
  for (let i = 0; i < LATENCY_LEADS; i++) {
    const response = await fetch(`http://127.0.0.1:${PORT}/api/contact`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, name: `Latency ${i}` }),
    });
    const { id } = (await response.json()) as { id: string };
    answered.set(id, performance.now());
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const deadline = performance.now() + 60_000;
  while ([...answered.keys()].some((id) => !arrived.has(id)) && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const delays = [...answered].map(([id, at]) => (arrived.get(id) ?? Infinity) - at);
  delays.sort((a, b) => a - b);
  return { median: percentile(delays, 0.5), p99: percentile(delays, 0.99) };
}

/** Waits (at most 2 minutes) until the service has delivered every notification it holds. */
async function drain(url: string): Promise<{ ms: number; sent: number; left: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const started = performance.now();
  const pending = async () =>
    Number(
      (await client.query(`SELECT count(*) AS n FROM notifications WHERE status = 'pending'`))
        .rows[0].n,
    );
  let left = await pending();
  while (left > 0 && performance.now() - started < 120_000) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    left = await pending();
  }
  const ms = performance.now() - started;
  const sent = await client.query(`SELECT count(*) AS n FROM notifications WHERE status = 'sent'`);
  await client.end();
  return { ms, sent: Number(sent.rows[0].n), left };
}

async function stop(service: ChildProcess): Promise<void> {
  if (service.exitCode !== null || service.signalCode !== null) return;
  service.kill('SIGTERM');
  await once(service, 'exit');
}

async function main(): Promise<void> {
  const sink = await smtpSink();
  const name = `contact_bench_${randomBytes(4).toString('hex')}`;
  await admin(`CREATE DATABASE "${name}"`);
  const url = new URL(SERVER_URL);
  url.pathname = `/${name}`;
  const main = join(dirname(fileURLToPath(import.meta.url)), '../src/entrypoints/api.js');
  const service = spawn(process.execPath, [main], {
    env: {
      ...process.env,
      DATABASE_URL: url.toString(),
      DATABASE_POOL_SIZE: String(POOL_SIZE),
      PORT: String(PORT),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_MAX: '100000000',
      SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
      NOTIFY_FROM: 'website@bench.example',
      NOTIFY_TO: 'sales@bench.example',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  try {
    for (let i = 0; ; i++) {
      const ready = await fetch(`http://127.0.0.1:${PORT}/api/health/ready`).catch(() => null);
      if (ready?.ok) break;
      if (i > 100) throw new Error('the service did not become ready');
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    console.log(`Time from the 201 to the mail in an SMTP sink, ${LATENCY_LEADS} leads, 50/s:`);
    const inbox = await timeToInbox(sink.arrived);
    console.log(
      `  median ${inbox.median.toFixed(0)} ms, p99 ${inbox.p99.toFixed(0)} ms (a report: no goal)`,
    );
    console.log(
      `POST /api/contact with notifications, ${CONNECTIONS} connections, ${SECONDS} s, Fastify + TypeORM + pg-boss:`,
    );
    // Each side starts from a fresh checkpoint: a time-based one falling into one side only (the
    // WAL of a test run just before, as in CI) moved the ratio from 0.20 to 0.15 between runs.
    await admin('CHECKPOINT');
    const result = await autocannon({
      url: `http://127.0.0.1:${PORT}/api/contact`,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      connections: CONNECTIONS,
      duration: SECONDS,
    });
    const ok = result['2xx'];
    const failed = result.non2xx + result.errors + result.timeouts;
    const serviceRate = ok / SECONDS;
    const drained = await drain(url.toString());
    console.log(
      `  ${drained.sent} mails sent in all, the last ${(drained.ms / 1000).toFixed(1)} s after the run; ${drained.left} still pending`,
    );
    // The bare loop gets the server to itself: the service's deliveries would compete with it.
    await stop(service);

    console.log(
      `Bare pg inserts, ${CONNECTIONS} concurrent loops, pool of ${POOL_SIZE}, ${SECONDS} s:`,
    );
    await admin('CHECKPOINT');
    const bare = await bareInserts(url.toString());

    const rows = [
      ['', 'req/s', 'p50 ms', 'p99 ms'],
      ['service', serviceRate.toFixed(0), String(result.latency.p50), String(result.latency.p99)],
      ['bare pg', bare.perSecond.toFixed(0), bare.p50.toFixed(1), bare.p99.toFixed(1)],
    ];
    for (const row of rows) console.log(row.map((cell, i) => cell.padStart(i ? 10 : 8)).join(''));
    const ratio = serviceRate / bare.perSecond;
    const p99Factor = result.latency.p99 / bare.p99;
    console.log(`throughput service/bare: ${ratio.toFixed(3)} (goal ≥ ${GOALS.ratio})`);
    console.log(`p99 service/bare: ${p99Factor.toFixed(2)} (goal ≤ ${GOALS.p99Factor})`);
    console.log(`failed requests: ${failed}`);
    const missed = [
      ratio < GOALS.ratio && 'throughput ratio',
      p99Factor > GOALS.p99Factor && 'p99 ratio',
      inbox.p99 === Infinity && 'a mail never arrived',
    ].filter(Boolean);
    console.log(missed.length ? `goals missed: ${missed.join(', ')}` : 'all goals met');
    // A budget, checked in CI (make ci): a missed goal fails the run like a failed request.
    if (failed > 0 || drained.left > 0 || missed.length > 0) process.exitCode = 1;
  } finally {
    await stop(service);
    await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
    sink.close();
  }
}

main().catch((error: unknown) => {
  console.error(`Benchmark failed: ${String(error)}`);
  process.exit(1);
});
