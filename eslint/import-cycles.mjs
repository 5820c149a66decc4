// No import circles in the repository's TypeScript and JavaScript, type-only imports included:
// import-x/no-cycle passes over `import type`, yet a type is a fact that one of the two modules
// owns, and a circle of types makes the two one module all the same. Run by `npm run lint`
// (`make lint`); prints each circle as the chain of files, and exits 1 when there is one.
//
// Every import, re-export and dynamic import of a file is read with TypeScript's own scanner
// (ts.preProcessFile); relative specifiers are resolved the way the service's nodenext build and
// the site's bundler resolve them (`./x.js` is `./x.ts` or `./x.tsx`; `./x` is also
// `./x/index.ts`). Packages are left out: the deployables share only the contract, which is data.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = join(import.meta.dirname, '..');
const SOURCE = /\.(ts|tsx|mts|js|mjs|jsx)$/;

/** The repository's own source files: tracked, and untracked ones git does not ignore. */
export function sourceFiles(cwd = root) {
  const listed = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], {
    cwd,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter((file) => SOURCE.test(file) && !file.endsWith('.d.ts') && existsSync(join(cwd, file)));
}

const candidates = (base) => {
  const stem = base.replace(/\.(js|mjs|jsx)$/, '');
  return [
    ...(stem === base ? [base] : [`${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, base]),
    `${base}.ts`,
    `${base}.tsx`,
    `${base}.js`,
    join(base, 'index.ts'),
    join(base, 'index.tsx'),
    join(base, 'index.js'),
  ];
};

/** The files a file imports, relative to `cwd`; what is not a relative import is left out. */
export function importsOf(file, cwd = root) {
  const text = readFileSync(join(cwd, file), 'utf8');
  const { importedFiles } = ts.preProcessFile(text, true, true);
  const found = new Set();
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('./') && !fileName.startsWith('../')) continue;
    const base = resolve(cwd, dirname(file), fileName);
    const hit = candidates(base).find((path) => existsSync(path) && SOURCE.test(path));
    if (hit) found.add(relative(cwd, hit));
  }
  return [...found];
}

/** The circles of a graph (file → imported files): its strongly connected components (Tarjan). */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const found = [];
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of graph.get(node) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(node, Math.min(low.get(node), low.get(to)));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node), index.get(to)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    const selfImport = (graph.get(node) ?? []).includes(node);
    if (component.length > 1 || selfImport) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** One chain round a circle, from its first file back to it, for the message. */
export function chain(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const path = [start];
  const seen = new Set([start]);
  const walk = (node) => {
    for (const to of graph.get(node) ?? []) {
      if (to === start && path.length > 1) return true;
      if (!members.has(to) || seen.has(to)) continue;
      seen.add(to);
      path.push(to);
      if (walk(to)) return true;
      path.pop();
    }
    return false;
  };
  walk(start);
  return [...path, start];
}

if (process.argv[1] === import.meta.filename) {
  const files = sourceFiles();
  const graph = new Map(files.map((file) => [file, importsOf(file)]));
  const found = circles(graph);
  for (const component of found) {
    const others = component.filter((file) => !chain(graph, component).includes(file));
    const also = others.length > 0 ? ` (with ${others.join(', ')})` : '';
    console.error(`import circle: ${chain(graph, component).join(' → ')}${also}`);
  }
  const edges = [...graph.values()].reduce((sum, to) => sum + to.length, 0);
  console.log(
    `import circles: ${found.length} among ${files.length} files and ${edges} imports (type-only imports included)`,
  );
  process.exit(found.length > 0 ? 1 : 0);
}
