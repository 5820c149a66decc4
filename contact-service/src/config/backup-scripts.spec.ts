import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { execFileSync } from 'node:child_process';
import { createHmac, randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { settings, settingsThat } from './env.schema.js';

// The backups' shell scripts lean on two facts this service owns: which settings exist (a restore
// applies no other, infra/compose/known-settings.sh) and how a backup is signed
// (infra/backup/signature.sh, pure bash so that it runs in the backup image and on any host).
// Both are held here against the schema and against Node's own HMAC.
const root = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const has = (command: string) => {
  try {
    execFileSync('bash', ['-c', `command -v ${command}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};
const bash = (script: string, input?: Buffer | string) =>
  execFileSync('bash', ['-c', `set -euo pipefail; source infra/backup/signature.sh; ${script}`], {
    cwd: root,
    input,
    encoding: 'utf8',
  }).trim();

describe('known-settings.sh, the settings a restore may apply', () => {
  const known = execFileSync('bash', ['infra/compose/known-settings.sh'], {
    cwd: root,
    encoding: 'utf8',
  })
    .trim()
    .split('\n');

  it('lists the schema less its retired settings, and what compose and make read from .env', () => {
    const retired = new Set<string>(settingsThat('retired'));
    const stack = [
      read('docker-compose.yml'),
      read('infra/monitoring/compose.yml'),
      read('Makefile'),
    ].join('\n');
    const fromStack = [...stack.matchAll(/\$\{([A-Z][A-Z0-9_]*)|\^([A-Z][A-Z0-9_]*)=/g)].map(
      ([, interpolated, read]) => (interpolated ?? read)!,
    );
    const expected = new Set(
      [...Object.keys(settings.shape).filter((name) => !retired.has(name)), ...fromStack].filter(
        (name) => !name.startsWith('COMPOSE_'),
      ),
    );
    expect(known).toEqual([...expected].sort());
  });

  it('holds every setting .env.example names, but Compose’s own', () => {
    const example = [...read('.env.example').matchAll(/^#? ?([A-Z][A-Z0-9_]*)=/gm)].map(
      ([, name]) => name!,
    );
    const missing = example.filter((name) => !name.startsWith('COMPOSE_') && !known.includes(name));
    expect(missing).toEqual([]);
    expect(known.filter((name) => name.startsWith('COMPOSE_'))).toEqual([]);
  });
});

describe('signature.sh, what makes a backup authentic', () => {
  it('computes the HMAC-SHA256 Node computes, for any key and message', () => {
    fc.assert(
      fc.property(
        fc.uint8Array({ minLength: 1, maxLength: 64 }),
        fc.uint8Array({ maxLength: 300 }),
        (key, message) => {
          const hex = Buffer.from(key).toString('hex');
          const expected = createHmac('sha256', Buffer.from(key)).update(message).digest('hex');
          expect(bash(`hmac_sha256 ${hex}`, Buffer.from(message))).toBe(expected);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('accepts a signed backup, renamed too, and refuses every change, another key and no signature', () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-signature-'));
    try {
      const key = randomBytes(32).toString('hex');
      const other = randomBytes(32).toString('hex');
      const dump = join(dir, 'contact-20261128-023000.dump');
      const secrets = join(dir, 'contact-20261128-023000.secrets');
      const sig = join(dir, 'contact-20261128-023000.sig');
      writeFileSync(dump, randomBytes(5000));
      writeFileSync(secrets, randomBytes(700));
      writeFileSync(sig, bash(`sign_backup '${dump}' '${secrets}' ${key}`) + '\n');
      const verify = (withKey = key, files = [dump, secrets, sig]) =>
        bash(
          `verify_backup ${files.map((file) => `'${file}'`).join(' ')} ${withKey} && echo valid || true`,
        );

      expect(verify()).toBe('valid');
      // A copy under another name (daily/contact-20261128.dump) keeps its signature.
      const renamed = ['dump', 'secrets', 'sig'].map((kind) =>
        join(dir, `contact-20261128.${kind}`),
      );
      renamed.forEach((copy, i) => writeFileSync(copy, readFileSync([dump, secrets, sig][i]!)));
      expect(verify(key, renamed)).toBe('valid');
      expect(bash(`signed_with '${sig}' ${key} && echo ours || echo not`)).toBe('ours');
      expect(bash(`signed_with '${sig}' ${other} && echo ours || echo not`)).toBe('not');

      expect(verify(other)).toMatch(/^its signature was not made with this BACKUP_SIGNING_KEY/);
      for (const file of [dump, secrets]) {
        const original = readFileSync(file);
        const changed = Buffer.from(original);
        changed[1234 % changed.length]! ^= 1;
        writeFileSync(file, changed);
        expect(verify()).toMatch(/^the dump or its \.secrets is not the file that was signed/);
        writeFileSync(file, original.subarray(0, original.length - 1));
        expect(verify()).toMatch(/^the dump or its \.secrets is not the file that was signed/);
        writeFileSync(file, original);
      }
      // The signed lines changed (another backup's hash put in): the HMAC no longer holds.
      const text = readFileSync(sig, 'utf8');
      writeFileSync(sig, text.replace(/^dump sha256 \w+/m, `dump sha256 ${'0'.repeat(64)}`));
      expect(verify()).toMatch(/^its signature was not made/);
      rmSync(sig);
      expect(verify()).toMatch(/^it has no signature/);
      expect(verify()).not.toContain('\n');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('checks with the named signing key, else the one beside KEY, else this machine’s', () => {
    const dir = mkdtempSync(join(tmpdir(), 'backup-signing-key-'));
    try {
      const [beside, named, machine] = [1, 2, 3].map(() => randomBytes(32).toString('hex'));
      writeFileSync(join(dir, 'backup-key.txt'), 'AGE-SECRET-KEY-1\n');
      writeFileSync(join(dir, 'backup-signing-key.txt'), `${beside}\n`);
      writeFileSync(join(dir, 'named.txt'), `${named}\n`);
      writeFileSync(join(dir, '.env'), `A=1\nBACKUP_SIGNING_KEY=${machine}\n`);
      const from = (key: string, signing: string) =>
        bash(`signing_key_from '${key}' '${signing}' '${join(dir, '.env')}' || echo "refused: $?"`);
      expect(from('', '')).toBe(machine);
      expect(from(join(dir, 'backup-key.txt'), '')).toBe(beside);
      expect(from(join(dir, 'backup-key.txt'), join(dir, 'named.txt'))).toBe(named);
      expect(from('', join(dir, 'named.txt'))).toBe(named);
      expect(from('/nowhere/backup-key.txt', '')).toBe(
        'There is no signing key at /nowhere/backup-signing-key.txt (make up wrote it as backup-signing-key.txt, to keep beside backup-key.txt; SIGNING_KEY=… names it).\nrefused: 1',
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

// ship.sh and fetch.sh run in the backup image against /backups; here they run as they are, on a
// copy of the tree made for them, against an rclone remote that is a local folder. They need age
// and rclone (Debian's packages, which CI installs); without them this says so and is skipped.
const offsiteTools = has('age') && has('rclone');
(offsiteTools ? describe : describe.skip)(
  'ship.sh and fetch.sh, the off-site copy and back',
  () => {
    it('brings back every file byte for byte, and never leaves one in the clear', () => {
      const dir = mkdtempSync(join(tmpdir(), 'offsite-'));
      try {
        const files: Record<string, Buffer> = {
          'wal/7301/000000010000000000000001': Buffer.alloc(16 * 1024 * 1024),
          'wal/7301/000000010000000000000002.partial': randomBytes(5000),
          'base/20261128-023000/base.tar.gz': randomBytes(40000),
          'base/20261128-023000/pg_wal.tar.gz': randomBytes(3000),
          'base/20261128-023000/system_identifier': Buffer.from('7301\n'),
          'base/20261128-023000/signature': Buffer.from('signed\n'),
          'last/contact-20261128-023000.dump': randomBytes(8000),
          'last/contact-20261128-023000.secrets': randomBytes(700),
          'last/contact-20261128-023000.sig': Buffer.from('signed\n'),
        };
        for (const [path, bytes] of Object.entries(files)) {
          mkdirSync(join(dir, 'backups', path, '..'), { recursive: true });
          writeFileSync(join(dir, 'backups', path), bytes);
        }
        execFileSync('bash', ['-c', `age-keygen -o '${dir}/key.txt' 2>/dev/null`]);
        const recipient = execFileSync('age-keygen', ['-y', join(dir, 'key.txt')], {
          encoding: 'utf8',
        }).trim();
        const remote = `:local:${dir}/remote`;
        // One round of ship.sh (it loops forever: stopped once the round is recorded in
        // backups/.offsite, which it writes after the heartbeat reached the remote; stopping it
        // at the heartbeat raced that write on a busy host).
        execFileSync(
          'bash',
          [
            '-c',
            `bash infra/backup/ship.sh & ship=$!
           for _ in $(seq 1 300); do [[ -s '${dir}/backups/.offsite' ]] && break; sleep 0.1; done
           kill $ship`,
          ],
          {
            cwd: root,
            env: {
              ...process.env,
              BACKUP_DIR: join(dir, 'backups'),
              BACKUP_REMOTE: remote,
              BACKUP_RECIPIENT: recipient,
              BACKUP_SIGNING_KEY: randomBytes(32).toString('hex'),
              BACKUP_SHIP_SECONDS: '5',
              PGHOST: '/nonexistent',
            },
            stdio: 'ignore',
          },
        );
        expect(readFileSync(join(dir, 'backups/.offsite'), 'utf8')).toMatch(/^ok \d+/);
        const shipped = execFileSync('find', ['remote', '-type', 'f'], {
          cwd: dir,
          encoding: 'utf8',
        });
        for (const path of Object.keys(files)) {
          const kept = /\.(secrets|sig)$|\/(signature|system_identifier)$/.test(path);
          expect(shipped).toContain(
            kept ? path : path.startsWith('wal/') ? `${path}.gz.age` : `${path}.age`,
          );
        }
        // fetch.sh, pointed at this tree instead of /backups and the mounted key.
        const fetch = readFileSync(join(root, 'infra/backup/fetch.sh'), 'utf8')
          .replaceAll('/backups', join(dir, 'fetched'))
          .replaceAll('/run/backup-key', join(dir, 'key.txt'))
          .replace(/^source .*rclone\.sh.*$/m, '');
        mkdirSync(join(dir, 'fetched'));
        writeFileSync(join(dir, 'fetch.sh'), fetch);
        const said = execFileSync('bash', [join(dir, 'fetch.sh')], {
          env: { ...process.env, BACKUP_REMOTE: remote },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'ignore'],
        });
        expect(said).toMatch(/^heartbeat \d{4}-\d\d-\d\dT/m);
        for (const [path, bytes] of Object.entries(files)) {
          expect([path, readFileSync(join(dir, 'fetched', path)).equals(bytes)]).toEqual([
            path,
            true,
          ]);
        }
        expect(readdirSync(join(dir, 'fetched/wal/7301')).sort()).toEqual(
          Object.keys(files)
            .filter((path) => path.startsWith('wal/'))
            .map((path) => path.slice('wal/7301/'.length))
            .sort(),
        );
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
