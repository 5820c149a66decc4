#!/usr/bin/env node
// A flood of console sign-ins while prospects send the form, against the local stack
// (`make sign-in-flood`, and make ci's smoke step). ATTEMPTS sign-ins at once for unknown names,
// each from an address of its own (X-Forwarded-For, believed from loopback: a botnet, which no
// per-address throttle slows), straight to the service's console port; meanwhile FORMS contact
// requests reach the public API. The service's resident memory is read from /proc while it runs.
//
// It fails when a lead was not stored, when any answer was a 5xx, or when the service's peak
// resident memory (VmHWM) passed LIMIT_MIB, the pod's memory limit
// (deploy/kubernetes/base/contact-service/deployment.yaml): a process over it is killed, and lead
// intake with it.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { clearInterval, setInterval, setTimeout } from 'node:timers';
import { parseArgs } from 'node:util';

const { values: options } = parseArgs({
  options: {
    service: { type: 'string', default: 'http://127.0.0.1:3000' },
    console: { type: 'string', default: 'http://127.0.0.1:3001' },
    'pid-file': { type: 'string', default: '.stack/contact-service.pid' },
    'database-url': {
      type: 'string',
      default: process.env.STACK_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/contact_stack',
    },
    attempts: { type: 'string', default: '32' },
    forms: { type: 'string', default: '20' },
    'limit-mib': { type: 'string', default: '512' },
  },
});
const attempts = Number(options.attempts);
const forms = Number(options.forms);
const limitMib = Number(options['limit-mib']);
const pid = readFileSync(options['pid-file'], 'utf8').trim();
const marker = `Flood ${Date.now()}`;

/** A figure of /proc/<pid>/status, in MiB. */
function memory(field) {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1]);
  return kib / 1024;
}

const tally = new Map();
const count = (what) => tally.set(what, (tally.get(what) ?? 0) + 1);

async function post(url, body, address) {
  try {
    const answer = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
      body: JSON.stringify(body),
    });
    await answer.arrayBuffer();
    return answer.status;
  } catch (error) {
    return `error ${error.cause?.code ?? error.message}`;
  }
}

const before = memory('VmRSS');
let sampled = before;
const sampler = setInterval(() => (sampled = Math.max(sampled, memory('VmRSS'))), 10);
const started = performance.now();

const signIns = Array.from({ length: attempts }, (_, i) =>
  post(
    `${options.console}/api/console/sign-in`,
    {
      username: `flood-${i}-${Date.now()}`,
      password: 'not the password of anyone',
      code: '123456',
    },
    `198.51.100.${i + 1}`,
  ).then((status) => {
    count(`sign-in ${status}`);
    return status;
  }),
);
const leads = Array.from({ length: forms }, async (_, i) => {
  // Spread over the flood, as prospects arrive while it lasts.
  await new Promise((resolve) => setTimeout(resolve, i * 50));
  const status = await post(
    `${options.service}/api/contact`,
    { name: `Flood Prospect ${i}`, email: `flood${i}@bank.example`, company: marker, role: 'CFO' },
    `203.0.113.${i + 1}`,
  );
  count(`form ${status}`);
  return status;
});
const statuses = await Promise.all([...signIns, ...leads]);
const seconds = (performance.now() - started) / 1000;
clearInterval(sampler);
const peak = memory('VmHWM');

const stored = Number(
  execFileSync(
    'psql',
    [
      options['database-url'],
      '-Atc',
      `SELECT count(*) FROM contact_submissions WHERE company = '${marker}'`,
    ],
    { encoding: 'utf8' },
  ).trim(),
);
const accepted = (await Promise.all(leads)).filter((status) => status === 201).length;

console.log(
  `${attempts} sign-ins for unknown names from ${attempts} addresses, ${forms} contact requests, in ${seconds.toFixed(1)} s`,
);
console.log(`answers: ${[...tally].map(([what, n]) => `${what} ×${n}`).join(', ')}`);
console.log(
  `resident memory: ${before.toFixed(0)} MiB before, ${sampled.toFixed(0)} MiB at most while sampled, peak (VmHWM) ${peak.toFixed(0)} MiB; limit ${limitMib} MiB`,
);
console.log(`leads: ${accepted} of ${forms} accepted, ${stored} stored`);

const problems = [];
if (statuses.some((status) => typeof status !== 'number' || status >= 500)) {
  problems.push('an answer was a 5xx or no answer');
}
if (accepted !== forms || stored !== forms) problems.push(`${forms - stored} lead(s) not stored`);
if (peak >= limitMib)
  problems.push(`peak resident memory ${peak.toFixed(0)} MiB ≥ ${limitMib} MiB`);
if (problems.length > 0) {
  console.error(`✘ sign-in flood: ${problems.join('; ')}`);
  process.exit(1);
}
console.log('✔ sign-in flood: every lead stored, no 5xx, memory under the limit');
