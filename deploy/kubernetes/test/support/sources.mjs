// Facts the manifests must agree with, read from the repository's own sources each run: the images
// docker-compose.yml builds, what their Dockerfiles EXPOSE and run, the contact-service's routes and
// settings, and what the web image's nginx writes. A change there that the manifests do not follow
// fails the tests.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix } from 'node:path';
import { parse } from 'yaml';
import { REPO_ROOT } from './manifests.mjs';

const read = (path) => readFileSync(join(REPO_ROOT, path), 'utf8');

/** Dockerfile instructions with their continuation lines joined; comments dropped. */
function instructions(dockerfile) {
  return read(dockerfile)
    .replace(/\\\r?\n/g, ' ')
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, keyword, rest] = /^(\S+)\s*(.*)$/.exec(line);
      return { keyword: keyword.toUpperCase(), rest };
    });
}

/** The final stage of a Dockerfile: what the image is. */
function finalStage(dockerfile) {
  const all = instructions(dockerfile);
  const lastFrom = all.findLastIndex((instruction) => instruction.keyword === 'FROM');
  return all.slice(lastFrom);
}

/** ENV a=b c=d and ENV a b forms. */
function envOf(stage) {
  const env = {};
  for (const { rest } of stage.filter((instruction) => instruction.keyword === 'ENV')) {
    const pairs = [...rest.matchAll(/([A-Za-z_][A-Za-z0-9_]*)=("[^"]*"|\S*)/g)];
    if (pairs.length === 0) {
      const [name, ...value] = rest.split(/\s+/);
      env[name] = value.join(' ');
    }
    for (const [, name, value] of pairs) env[name] = value.replace(/^"|"$/g, '');
  }
  return env;
}

/**
 * The images docker-compose.yml builds, by compose service name: the image name without its tag,
 * the Dockerfile, the ports it EXPOSEs, its ENV, its CMD and its working directory.
 */
export function builtImages() {
  const compose = parse(read('docker-compose.yml'));
  const images = {};
  for (const [service, definition] of Object.entries(compose.services)) {
    if (!definition.build) continue;
    const dockerfile = join(definition.build.context ?? '.', definition.build.dockerfile);
    const stage = finalStage(dockerfile);
    const workdirs = stage.filter((i) => i.keyword === 'WORKDIR').map((i) => i.rest);
    const cmd = stage.findLast((i) => i.keyword === 'CMD');
    images[service] = {
      image: definition.image,
      repository: definition.image.replace(/:[^:/]+$/, ''),
      dockerfile,
      exposed: stage
        .filter((i) => i.keyword === 'EXPOSE')
        .flatMap((i) => i.rest.split(/\s+/))
        .map((port) => Number.parseInt(port, 10)),
      env: envOf(stage),
      cmd: cmd ? JSON.parse(cmd.rest) : undefined,
      workdir: workdirs.reduce((dir, next) => posix.resolve(dir, next), '/'),
    };
  }
  return images;
}

/**
 * The contact-service's HTTP routes ("GET /api/health/live"), from its controllers' decorators and
 * the global prefix with its exclusions (src/app/app.factory.ts).
 */
export function serviceRoutes() {
  const factory = read('contact-service/src/app/app.factory.ts');
  const prefixCall = /setGlobalPrefix\(\s*'([^']*)'(?:\s*,\s*\{\s*exclude:\s*\[([^\]]*)\])?/.exec(
    factory,
  );
  const prefix = prefixCall?.[1] ?? '';
  const excluded = [...(prefixCall?.[2] ?? '').matchAll(/'([^']*)'/g)].map((match) => match[1]);
  const routes = new Set();
  for (const file of controllerFiles(join(REPO_ROOT, 'contact-service/src'))) {
    const source = readFileSync(file, 'utf8');
    for (const controller of source.split(/(?=@Controller\()/).slice(1)) {
      const base = /^@Controller\(\s*(?:'([^']*)')?\s*\)/.exec(controller)?.[1] ?? '';
      const controllerPrefix = excluded.includes(base) ? '' : prefix;
      for (const [, method, path] of controller.matchAll(
        /@(Get|Post|Put|Patch|Delete)\(\s*(?:'([^']*)')?\s*\)/g,
      )) {
        const full = ['', controllerPrefix, base, path ?? ''].filter(Boolean).join('/');
        routes.add(`${method.toUpperCase()} /${full.replace(/^\/+/, '')}`);
      }
    }
  }
  return routes;
}

function controllerFiles(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return controllerFiles(path);
    return entry.name.endsWith('.controller.ts') ? [path] : [];
  });
}

/**
 * Every setting the contact-service reads: the keys of its schema, in src/config/env.schema.ts
 * and the two parts it spreads in (notification-settings.ts, console-settings.ts).
 */
export function serviceSettings() {
  const blocks = [
    ['env.schema', 'export const settings = z.object('],
    ['notification-settings', 'export const notificationSettings = {'],
    ['console-settings', 'export const consoleSettings = {'],
  ].map(([file, start]) => {
    const source = read(`contact-service/src/config/${file}.ts`);
    const block = source.slice(source.indexOf(start));
    return block.slice(0, block.search(/^\}/m));
  });
  return new Set(
    blocks.flatMap((body) =>
      [...body.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((match) => match[1]),
    ),
  );
}

/** The package.json script path that `npm run migrate` runs ("dist/src/entrypoints/migrate.js"). */
export function migrateScript() {
  const scripts = JSON.parse(read('contact-service/package.json')).scripts;
  return /^node\s+(\S+)/.exec(scripts.migrate)?.[1];
}

/** Whether a compiled script of the service (dist/src/x.js) has its source (src/x.ts). */
export function serviceScriptExists(distPath) {
  const source = distPath.replace(/^dist\//, '').replace(/\.js$/, '.ts');
  return existsSync(join(REPO_ROOT, 'contact-service', source));
}

/**
 * The folders nginx and the image's entrypoint write to, as absolute paths in the web image: the
 * pid and temp paths of infra/nginx/nginx.conf under the prefix given with -p in the Dockerfile's
 * CMD, and the folder the templates and real-ip.conf are rendered into (NGINX_ENVSUBST_OUTPUT_DIR).
 */
export function nginxWritableDirs(webImage) {
  const prefixIndex = webImage.cmd.indexOf('-p');
  const prefix = prefixIndex >= 0 ? webImage.cmd[prefixIndex + 1] : '/etc/nginx/';
  const conf = read('infra/nginx/nginx.conf');
  const files = [
    ...[...conf.matchAll(/^\s*pid\s+([^;\s]+);/gm)].map((match) => match[1]),
    ...[...conf.matchAll(/^\s*\w+_temp_path\s+([^;\s]+)/gm)].map((match) => `${match[1]}/x`),
  ];
  const dirs = files.map((file) => dirname(posix.resolve(prefix, file)));
  dirs.push(webImage.env.NGINX_ENVSUBST_OUTPUT_DIR ?? '/etc/nginx/conf.d');
  return [...new Set(dirs)];
}

/** The variables the web image's templates and entrypoint scripts take from the environment. */
export function nginxSettings() {
  const names = new Set();
  for (const template of readdirSync(join(REPO_ROOT, 'infra/nginx/templates'))) {
    const text = read(join('infra/nginx/templates', template));
    for (const [, name] of text.matchAll(/\$\{([A-Z][A-Z0-9_]*)\}/g)) names.add(name);
  }
  const addressLists = read('infra/nginx/docker-entrypoint.d/15-address-lists.sh');
  for (const name of ['REAL_IP_FROM', 'CONSOLE_ALLOW_FROM']) {
    if (addressLists.includes(name)) names.add(name);
  }
  return names;
}
