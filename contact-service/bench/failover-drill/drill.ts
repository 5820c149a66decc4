// The failover drill's rounds (infra/failover-drill/drill.sh sets up the servers and the service;
// docs/operating.md, "When the database fails over"). In the drill's app namespace: a webhook
// receiver and an SMTP server for the notifications, a burst of POSTs from many addresses to the
// two API replicas, and mid-burst a fault on the primary (`drill.sh node kill|cut`). Each round
// ends with the old primary back as the synchronous standby, then checks every 201 against the
// new primary (the lead and its outbox rows) and every stored lead's deliveries, and prints:
//   failover: acknowledged N, stored N, lost 0, unexpected answers 0, recovered in S s
// It exits 1 when a round falls short of that.
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import {
  CLIENT_TIMEOUT_MS,
  isExpected,
  post,
  tally,
  WATCHED_REPLICA,
  type Answer,
} from './clients.js';
import { mails, startReceivers, webhooks } from './receivers.js';

const DATABASE_URL =
  process.env.DATABASE_URL ?? 'postgres://postgres:postgres@127.0.0.1:5000/contact';
/** Requests in flight at once. */
const CONCURRENCY = Number(process.env.DRILL_CONCURRENCY ?? 8);
/** The fault comes this long into the burst; the burst goes on this long after recovery. */
const FAULT_AFTER_MS = 3_000;
const AFTER_RECOVERY_MS = 5_000;
/** A round that has not recovered by then is a failed round. */
const RECOVERY_LIMIT_MS = 60_000;
/** How long a client waits after a refusal (429, 503) before its next request. */
const PAUSE_MS = 100;

/** `drill.sh node …`: which node is primary, and the faults and returns of a node. */
function drillNode(...args: string[]): string {
  return execFileSync('bash', ['infra/failover-drill/drill.sh', 'node', ...args], {
    encoding: 'utf8',
  }).trim();
}

/** A query on the new primary, tried again while the pool lets go of connections to the old one. */
async function query<Row extends pg.QueryResultRow>(
  database: pg.Pool,
  text: string,
  values: unknown[],
): Promise<Row[]> {
  for (let attempt = 1; ; attempt++) {
    try {
      return (await database.query<Row>(text, values)).rows;
    } catch (error) {
      if (attempt >= 10) throw error;
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
}

async function round(name: string, fault: 'kill' | 'cut', database: pg.Pool): Promise<boolean> {
  const primary = drillNode('primary');
  console.log(
    `\nRound "${name}": the primary is ${primary}; ${fault === 'kill' ? 'its Patroni and postmaster are SIGKILLed' : 'its link is taken down'} ${FAULT_AFTER_MS / 1000} s into the burst`,
  );
  const answers: Answer[] = [];
  const start = Date.now();
  let faultAt = 0;
  let recoveredAt = 0;
  let n = 0;
  let stop = false;
  let stoppedAt = 0;
  const worker = async () => {
    while (!stop) {
      const answer = await post(n++, name);
      answers.push(answer);
      if (faultAt && !recoveredAt && answer.status === 201 && answer.sentAt >= faultAt) {
        recoveredAt = answer.answeredAt;
      }
      // As a browser's retry would: a refusal is not sent again at once.
      if (answer.status !== 201) await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
    }
  };
  const workers = Array.from({ length: CONCURRENCY }, worker);
  // Readiness of a replica through the switch: when it went false, and when true again.
  const readiness: { at: number; ready: boolean }[] = [];
  const probe = (async () => {
    // Until the burst ends, and then until the replica is ready again (30 s at most).
    const more = () =>
      !stop || (readiness.at(-1)?.ready === false && Date.now() - stoppedAt < 30_000);
    while (more()) {
      const answer = await fetch(`${WATCHED_REPLICA}/api/health/ready`, {
        signal: AbortSignal.timeout(2000),
      }).catch(() => null);
      const ready = answer?.status === 200;
      if (readiness.at(-1)?.ready !== ready) readiness.push({ at: Date.now(), ready });
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  await new Promise((resolve) => setTimeout(resolve, FAULT_AFTER_MS));
  drillNode(fault, primary);
  // From the moment the fault is done: nothing is sent while the command runs (it blocks).
  faultAt = Date.now();
  while (!recoveredAt && Date.now() - faultAt < RECOVERY_LIMIT_MS) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await new Promise((resolve) => setTimeout(resolve, recoveredAt ? AFTER_RECOVERY_MS : 0));
  stop = true;
  stoppedAt = Date.now();
  await Promise.all([...workers, probe]);
  const newPrimary = (() => {
    try {
      return drillNode('primary');
    } catch {
      return 'none';
    }
  })();

  if (newPrimary === primary || newPrimary === 'none') {
    console.log(`No failover happened: the primary is ${newPrimary}.`);
    if (fault === 'cut') drillNode('restore', primary);
    return false;
  }
  // The old primary comes back as the standby, as an operator would bring it back.
  const rejoinStart = Date.now();
  drillNode(fault === 'kill' ? 'start' : 'restore', primary);
  drillNode('wait-standby', primary);
  console.log(
    `${primary} is back as the synchronous standby of ${newPrimary} (${((Date.now() - rejoinStart) / 1000).toFixed(1)} s)`,
  );

  // Every 201 against the new primary: the lead, and its outbox rows (a notification per channel).
  const acknowledged = answers.filter((a) => a.status === 201).map((a) => a.id!);
  const rows = await query<{ id: string; outbox: number }>(
    database,
    `SELECT s.id, count(n.id)::int AS outbox FROM contact_submissions s
       LEFT JOIN notifications n ON n.submission_id = s.id
      WHERE s.id = ANY($1::uuid[]) GROUP BY s.id`,
    [acknowledged],
  );
  const stored = rows.filter((row) => row.outbox > 0).map((row) => row.id);
  const lost = acknowledged.length - stored.length;
  const unexpected = answers.filter((answer) => !isExpected(answer));

  // Deliveries: every stored lead of the round announced on both channels.
  const deadline = Date.now() + 120_000;
  let pending = Infinity;
  while (Date.now() < deadline) {
    const [{ n: left }] = (await query<{ n: number }>(
      database,
      `SELECT count(*)::int AS n FROM notifications n JOIN contact_submissions s ON s.id = n.submission_id
          WHERE s.email LIKE $1 AND n.status <> 'sent'`,
      [`drill-${name}-%`],
    )) as [{ n: number }];
    pending = left;
    if (pending === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const leads = await query<{ id: string }>(
    database,
    `SELECT id FROM contact_submissions WHERE email LIKE $1 AND spam_reason IS NULL`,
    [`drill-${name}-%`],
  );
  const undelivered = leads.filter((lead) => !webhooks.has(lead.id) || !mails.has(lead.id));
  const twice = (seen: Map<string, string[]>) =>
    leads.reduce((sum, lead) => {
      const ids = seen.get(lead.id) ?? [];
      return sum + (ids.length - new Set(ids).size);
    }, 0);

  const during = answers.filter(
    (a) => a.sentAt >= faultAt && a.sentAt <= (recoveredAt || Date.now()),
  );
  const seconds = recoveredAt ? ((recoveredAt - faultAt) / 1000).toFixed(1) : 'never';
  console.log(`answers during the switch (${during.length}): ${tally(during)}`);
  console.log(
    `answers in the round (${answers.length} in ${((Date.now() - start) / 1000).toFixed(0)} s): ${tally(answers)}`,
  );
  const since = (at: number) => `${((at - faultAt) / 1000).toFixed(1)} s`;
  const down = readiness.find((r) => !r.ready && r.at >= faultAt - 1000);
  const up = down && readiness.find((r) => r.ready && r.at > down.at);
  console.log(
    down
      ? `readiness (replica 1): false ${since(down.at)} after the fault, true again after ${up ? since(up.at) : 'never'}`
      : 'readiness (replica 1): never false',
  );
  const slowest = Math.max(...answers.map((a) => a.answeredAt - a.sentAt));
  console.log(
    `slowest answer: ${(slowest / 1000).toFixed(2)} s (the client gives up after ${CLIENT_TIMEOUT_MS / 1000} s)`,
  );
  if (unexpected.length) {
    console.log(
      `unexpected: ${unexpected
        .slice(0, 5)
        .map((a) => `${a.status} after ${a.answeredAt - a.sentAt} ms`)
        .join('; ')}`,
    );
  }
  console.log(
    `deliveries: ${leads.length} leads stored, ${leads.length - undelivered.length} delivered on both channels, ${pending} notifications not sent; delivered twice: ${twice(webhooks)} webhooks (same webhook-id), ${twice(mails)} mails (same Message-ID)`,
  );
  console.log(
    `failover: acknowledged ${acknowledged.length}, stored ${stored.length}, lost ${lost}, unexpected answers ${unexpected.length}, recovered in ${seconds} s`,
  );
  return (
    lost === 0 &&
    unexpected.length === 0 &&
    Boolean(recoveredAt) &&
    newPrimary !== primary &&
    undelivered.length === 0 &&
    Boolean(up) &&
    acknowledged.length > 0
  );
}

async function main(): Promise<void> {
  const stopReceivers = await startReceivers();
  const database = new pg.Pool({
    connectionString: DATABASE_URL,
    max: 2,
    connectionTimeoutMillis: 2000,
  });
  database.on('error', () => {});
  let ok = true;
  try {
    ok = (await round('kill', 'kill', database)) && ok;
    ok = (await round('cut', 'cut', database)) && ok;
  } finally {
    await database.end().catch(() => {});
    await stopReceivers();
  }
  if (!ok) {
    console.error('\nThe drill fell short: see the lines above (and .artifacts/failover-drill/).');
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`The drill stopped: ${(error as Error).stack ?? String(error)}`);
  process.exit(1);
});
