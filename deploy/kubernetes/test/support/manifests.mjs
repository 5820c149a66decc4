// Renders the kustomizations offline with `kubectl kustomize` and reads the one-off Jobs, so that
// the tests look at exactly what `kubectl apply -k` would send.
import { spawnSync } from 'node:child_process';
import { accessSync, constants, readdirSync, readFileSync } from 'node:fs';
import { delimiter, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseAllDocuments } from 'yaml';

export const KUBERNETES_DIR = fileURLToPath(new URL('../../', import.meta.url));
export const REPO_ROOT = join(KUBERNETES_DIR, '..', '..');

const MINIMUM_MINOR = 32;
const KUBECTL_NEEDED = `kubectl 1.${MINIMUM_MINOR}+ is needed to render the manifests offline (kubectl kustomize); install it or put it on PATH.`;

/** The kustomizations that are applied as they are: the base and every overlay. */
export function kustomizations() {
  const overlays = readdirSync(join(KUBERNETES_DIR, 'overlays'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => `overlays/${entry.name}`)
    .sort();
  return ['base', ...overlays];
}

let kubectl;

/** $KUBECTL, else /usr/bin/kubectl or the first kubectl on PATH, checked once for its version. */
function findKubectl() {
  if (kubectl) return kubectl;
  const candidates = process.env.KUBECTL
    ? [process.env.KUBECTL]
    : ['/usr/bin/kubectl', ...(process.env.PATH ?? '').split(delimiter).filter(Boolean)].map(
        (entry) => (entry.endsWith('kubectl') ? entry : join(entry, 'kubectl')),
      );
  const found = candidates.find((path) => {
    try {
      accessSync(path, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
  if (!found) throw new Error(KUBECTL_NEEDED);
  const version = spawnSync(found, ['version', '--client', '-o', 'json'], { encoding: 'utf8' });
  const minor = Number.parseInt(JSON.parse(version.stdout || '{}').clientVersion?.minor ?? '', 10);
  if (version.status !== 0 || !(minor >= MINIMUM_MINOR)) {
    throw new Error(`${KUBECTL_NEEDED} (${found} is ${minor ? `1.${minor}` : 'not usable'})`);
  }
  kubectl = found;
  return kubectl;
}

/** Why the manifests cannot be rendered here (kubectl missing or too old), or undefined. */
export function kubectlProblem() {
  try {
    findKubectl();
    return undefined;
  } catch (error) {
    return error.message;
  }
}

/**
 * For node:test's `skip` in the files beside render.test.mjs: why their tests cannot run here
 * (render.test.mjs fails and says what to do), or false.
 */
export const skipWithoutKubectl = kubectlProblem()
  ? 'kubectl is missing (render.test.mjs says what to do)'
  : false;

/** Parses a YAML stream into plain objects; a syntax error is an error, not an empty list. */
export function parseDocuments(text, source) {
  return parseAllDocuments(text)
    .map((document) => {
      if (document.errors.length > 0) {
        throw new Error(`${source}: ${document.errors.map((e) => e.message).join('; ')}`);
      }
      return document.toJS();
    })
    .filter((object) => object !== null && object !== undefined);
}

const rendered = new Map();

/** The objects `kubectl kustomize <dir>` renders; dir is relative to deploy/kubernetes. */
export function render(dir) {
  if (!rendered.has(dir)) {
    const result = spawnSync(findKubectl(), ['kustomize', join(KUBERNETES_DIR, dir)], {
      encoding: 'utf8',
      maxBuffer: 16 * 1024 * 1024,
    });
    if (result.status !== 0) {
      throw new Error(`kubectl kustomize ${dir} failed: ${result.stderr || result.error}`);
    }
    rendered.set(dir, parseDocuments(result.stdout, dir));
  }
  // Each caller gets its own copy, so a test that changes objects cannot affect another.
  return JSON.parse(JSON.stringify(rendered.get(dir)));
}

/** The one-off Jobs of deploy/kubernetes/jobs, which no kustomization includes. */
export function jobFiles() {
  const dir = join(KUBERNETES_DIR, 'jobs');
  return readdirSync(dir)
    .filter((name) => name.endsWith('.yaml'))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      return {
        file: relative(KUBERNETES_DIR, path),
        objects: parseDocuments(readFileSync(path, 'utf8'), name),
      };
    });
}

/** What the tests check per source: every rendered kustomization, then every Job file. */
export function allSources() {
  return [
    ...kustomizations().map((dir) => ({ name: dir, objects: render(dir), rendered: true })),
    ...jobFiles().map(({ file, objects }) => ({ name: file, objects, rendered: false })),
  ];
}
