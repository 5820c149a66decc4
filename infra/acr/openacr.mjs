// @openacr/openacr's own validator and renderer, called as functions. The package (0.3.5) ships
// TypeScript sources only, with no `bin` and no build: its CLI is `npx ts-node src/openacr.ts`
// (its docs/CLI.md), and that CLI exits 0 when a report is invalid, which would let `make acr`
// pass an invalid report. So its modules are loaded here through a Node module hook that
// transpiles them with the repository's TypeScript, and their results decide the exit code.
import { copyFileSync, cpSync, existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire, registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import ts from 'typescript';

const require = createRequire(import.meta.url);
const packageDir = path.dirname(require.resolve('@openacr/openacr/package.json'));
const sourceUrl = pathToFileURL(`${packageDir}/src/`).href;

registerHooks({
  // Its imports are extensionless, as ts-node resolves them.
  resolve(specifier, context, nextResolve) {
    const fromPackage = context.parentURL?.startsWith(sourceUrl);
    const bare = specifier.startsWith('.') && !path.extname(specifier);
    return nextResolve(fromPackage && bare ? `${specifier}.ts` : specifier, context);
  },
  load(url, context, nextLoad) {
    if (!url.startsWith(sourceUrl)) return nextLoad(url, context);
    const { outputText } = ts.transpileModule(readFileSync(fileURLToPath(url), 'utf8'), {
      compilerOptions: {
        module: ts.ModuleKind.CommonJS,
        target: ts.ScriptTarget.ES2022,
        esModuleInterop: true,
      },
    });
    return { format: 'commonjs', source: outputText, shortCircuit: true };
  },
});

const load = (name) => require(`${packageDir}/src/${name}.ts`);
const jsYaml = createRequire(`${packageDir}/src/openacr.ts`)('js-yaml');
const { validateOpenACR } = load('validateOpenACR');
const { validateOpenACRCatalogValues } = load('validateOpenACRCatalogValues');
const { createOutput } = load('createOutput');

/**
 * What `openacr validate -f report -c catalog` does: the report against the package's schema,
 * then the catalog against its schema and every criterion, component and term of the report
 * against the catalog. Takes the two YAML texts. Returns `{ result, message }`.
 */
export function validate(reportYaml, catalogYaml) {
  // Read as its CLI reads the files (js-yaml), so a date left unquoted, say, fails here too.
  const report = jsYaml.load(reportYaml);
  const own = validateOpenACR(report, 'openacr-0.1.0.json');
  return own.result ? validateOpenACRCatalogValues(report, jsYaml.load(catalogYaml)) : own;
}

/**
 * What `openacr output` writes, without its two faults: it reads its templates from the current
 * directory and ignores a failed copy. HTML gets the package's style sheets and the part of USWDS it links beside it.
 */
export function render(report, catalog, file) {
  const type = path.extname(file).slice(1);
  const template = `${packageDir}/templates/openacr-${type === 'html' ? 'html' : 'markdown'}-0.1.0.handlebars`;
  // createOutput adds the catalog to the report it is given: it gets a copy.
  const copy = JSON.parse(JSON.stringify(report));
  const text = createOutput(copy, catalog, type, readFileSync(template, 'utf8'));
  writeFileSync(file, text);
  if (type !== 'html') return;
  const dir = path.dirname(file);
  for (const sheet of ['openacr.css', 'custom.css']) {
    copyFileSync(`${packageDir}/templates/${sheet}`, path.join(dir, sheet));
  }
  const fromPackage = createRequire(`${packageDir}/package.json`);
  // Its main file is dist/js/uswds.min.js; its exports hide package.json.
  const uswds = path.resolve(path.dirname(fromPackage.resolve('uswds')), '..');
  // What the page links (css, js) and the fonts its style sheet names; not the 8 MB of icons.
  for (const part of ['css', 'js', 'fonts']) {
    const from = path.join(uswds, part);
    if (existsSync(from)) cpSync(from, path.join(dir, 'uswds', part), { recursive: true });
  }
}
