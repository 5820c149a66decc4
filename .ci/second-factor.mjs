#!/usr/bin/env node
// An operator as the recovery drill needs one (.ci/container-stack.sh): enrolled through the
// console's API with an authenticator app (otpauth computes its codes from the secret the
// enrolment shows, as the app would), and signed in again later with the same app.
//   second-factor.mjs enrol CONSOLE_URL ENROLMENT_LINK STATE_FILE
//   second-factor.mjs sign-in CONSOLE_URL STATE_FILE   -> prints the answer's status; exit 0 on 200
import { readFileSync, writeFileSync } from 'node:fs';
import { URL } from 'node:url';
import { TOTP } from 'otpauth';

const [command, consoleUrl, ...rest] = process.argv.slice(2);

async function post(path, body) {
  const answer = await fetch(`${consoleUrl}/api/console${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: answer.status, body: await answer.json().catch(() => ({})) };
}

/** The app's code, a step ahead: a code is accepted once, and the enrolment used this step's. */
const nextCode = (secret) => new TOTP({ secret }).generate({ timestamp: Date.now() + 30_000 });

if (command === 'enrol') {
  const [link, stateFile] = rest;
  const token = new URL(link).hash.slice(1);
  const opened = await post('/enrolment/open', { token });
  if (opened.status !== 200) throw new Error(`enrolment/open answered ${opened.status}`);
  const { username, totpSecret } = opened.body;
  const password = `recovery drill ${username} ${Date.now()}`;
  const secret = totpSecret.replaceAll(' ', '');
  const code = new TOTP({ secret }).generate();
  const finished = await post('/enrolment/finish', { token, password, code });
  if (finished.status !== 200) throw new Error(`enrolment/finish answered ${finished.status}`);
  writeFileSync(stateFile, JSON.stringify({ username, password, secret }), { mode: 0o600 });
  console.log(`enrolled ${username}`);
} else if (command === 'sign-in') {
  const { username, password, secret } = JSON.parse(readFileSync(rest[0], 'utf8'));
  const answer = await post('/sign-in', { username, password, code: nextCode(secret) });
  console.log(
    `sign-in of ${username}: ${answer.status}${answer.body.message ? ` ${answer.body.message}` : ''}`,
  );
  process.exit(answer.status === 200 ? 0 : 1);
} else {
  console.error(
    'usage: second-factor.mjs enrol CONSOLE_URL LINK STATE | sign-in CONSOLE_URL STATE',
  );
  process.exit(2);
}
