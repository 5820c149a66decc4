import { describe, expect, it } from '@jest/globals';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from './env.js';
import { settings, settingsThat } from './env.schema.js';

// The schema (env.schema.ts) is the one source of the service's settings. The files that pass
// settings on are checked against it here, so that none names a setting the service does not
// have, restates a default the schema already applies, or holds a value the service would refuse:
// .env.example (which `make up` copies to .env, and compose hands to the service whole),
// docker-compose.yml, the Kubernetes ConfigMap and docs/configuration.md. A new setting is one
// edit to the schema and its line in the docs; nothing else has to list it.
const root = join(__dirname, '../../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

const names = new Set(Object.keys(settings.shape));
const retired = new Set<string>(settingsThat('retired'));
const secrets = new Set<string>(settingsThat('secret'));
/** What compose itself gives the service's database: the rest of a file must parse beside it. */
const DATABASE = { DATABASE_URL: 'postgres://contact@db:5432/contact' };

/** NAME=value lines; commented-out ones (`# NAME=value`) too when asked. */
function assignments(text: string, commented = false): [string, string][] {
  const pattern = commented ? /^#? ?([A-Z][A-Z0-9_]*)=(.*)$/gm : /^([A-Z][A-Z0-9_]*)=(.*)$/gm;
  return [...text.matchAll(pattern)].map(([, name, value]) => [name!, value!]);
}

/** The contact-service's block of docker-compose.yml, and its `environment:` entries. */
function composeService() {
  const compose = read('docker-compose.yml');
  const block = /\n {2}contact-service:\n([\s\S]*?)\n {2}(?=[a-z#])/.exec(compose)![1]!;
  const environment = /\n {4}environment:\n((?: {6}.*\n)+)/.exec(`\n${block}\n`)![1]!;
  const entries = [...environment.matchAll(/^ {6}([A-Z][A-Z0-9_]*): (.*)$/gm)].map(
    ([, name, value]) => [name!, value!] as const,
  );
  return { block, entries: new Map(entries) };
}

describe('the files that pass settings on', () => {
  it('document every setting in docs/configuration.md', () => {
    const documented = new Set(
      read('docs/configuration.md')
        .split('\n')
        .filter((line) => line.startsWith('| `'))
        .flatMap((line) => [...line.split('|')[1]!.matchAll(/`([A-Z][A-Z0-9_]*)`/g)])
        .map(([, name]) => name),
    );
    const missing = [...names].filter((name) => !retired.has(name) && !documented.has(name));
    expect(missing).toEqual([]);
  });

  it('hand the service .env whole in compose, and set only what the stack decides', () => {
    const { block, entries } = composeService();
    expect(block).toMatch(/^ {4}env_file: \.env$/m);
    for (const [name, value] of entries) {
      expect([name, names.has(name) && !retired.has(name)]).toEqual([name, true]);
      // `${NAME:-x}`: x must be something other than the schema's own default.
      const fallback = /^\$\{([A-Z_]+):-([^}]*)\}$/.exec(value);
      if (fallback && fallback[1] === name) {
        const restated = parseEnv({ ...DATABASE, [name]: fallback[2] })[name as 'PORT'];
        expect([name, restated]).not.toEqual([name, parseEnv(DATABASE)[name as 'PORT']]);
      }
    }
  });

  it('connect the service as the role compose names, which service-role.sh makes', () => {
    const role = /^x-service-role: &service-role (\S+)$/m.exec(read('docker-compose.yml'))?.[1];
    const url = composeService().entries.get('DATABASE_URL');
    expect(url && new URL(url.replace(/\$\{[^}]*\}/g, 'x')).username).toBe(role);
    expect(read('infra/compose/service-role.sh')).toContain('x-service-role: &service-role');
  });

  it('start the service with .env.example as `make up` copies it', () => {
    const { entries } = composeService();
    const example = assignments(read('.env.example'));
    // What the service reads: .env's lines, less what compose sets itself.
    const handed = Object.fromEntries(example.filter(([name]) => !entries.has(name)));
    expect(() => parseEnv({ ...handed, ...DATABASE })).not.toThrow();
    const stack = `${read('docker-compose.yml')}\n${read('infra/monitoring/compose.yml')}\n${read('Makefile')}`;
    for (const [name] of assignments(read('.env.example'), true)) {
      // Anything else is the stack's own (compose interpolates it, or make reads it), or
      // Compose's (COMPOSE_PROJECT_NAME, COMPOSE_FILE).
      const known =
        (names.has(name) && !retired.has(name)) ||
        name.startsWith('COMPOSE_') ||
        stack.includes(`\${${name}`) ||
        stack.includes(`^${name}=`);
      expect([name, known]).toEqual([name, true]);
    }
  });

  it('hand web every setting of .env.example its entrypoint reads', () => {
    // Before, .env could say CONSOLE_ALLOW_FROM and compose never passed it to web: the console
    // kept answering the private networks whatever the operator wrote.
    const entrypoint = readdirSync(join(root, 'infra/nginx/docker-entrypoint.d'))
      .map((name) => read(`infra/nginx/docker-entrypoint.d/${name}`))
      .join('\n');
    const web = /\n {2}web:\n([\s\S]*?)(?:\n {2}(?=[a-z#])|\nvolumes:)/.exec(
      read('docker-compose.yml'),
    )![1]!;
    const environment = /\n {4}environment:\n((?: {6}.*\n)+)/.exec(`\n${web}\n`)![1]!;
    for (const [name] of assignments(read('.env.example'), true)) {
      if (!new RegExp(`\\$\\{${name}[:}-]`).test(entrypoint)) continue;
      expect([name, new RegExp(`^ {6}${name}: `, 'm').test(environment)]).toEqual([name, true]);
    }
  });

  it('keep the Kubernetes ConfigMap to settings the service has, and no secret', () => {
    const configMap = assignments(read('deploy/kubernetes/base/contact-service/settings.env'));
    for (const [name] of configMap) {
      expect([name, names.has(name) && !retired.has(name) && !secrets.has(name)]).toEqual([
        name,
        true,
      ]);
    }
    expect(() => parseEnv({ ...Object.fromEntries(configMap), ...DATABASE })).not.toThrow();
  });
});
