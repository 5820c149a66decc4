// Checks an image's bill of materials: valid CycloneDX 1.6 JSON (the schema, through
// @cyclonedx/cyclonedx-library), and complete: every package the image really carries (its
// node_modules, from list-node-modules.mjs; its Debian packages, from dpkg-query) is in it.
//
//   node check-sbom.mjs BOM [--node-modules LIST] [--dpkg LIST]
// LIST files: `name@version` lines; `name version arch` lines (dpkg-query -W -f='${Package}
// ${Version} ${Architecture}\n'). Exit 1, naming what is wrong, when it is not both.
import { Spec, Validation } from '@cyclonedx/cyclonedx-library';
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { 'node-modules': { type: 'string' }, dpkg: { type: 'string' } },
});
const [bomFile] = positionals;
if (!bomFile) throw new Error('usage: check-sbom.mjs BOM [--node-modules LIST] [--dpkg LIST]');

const text = readFileSync(bomFile, 'utf8');
const problems = [];
const schemaErrors = await new Validation.JsonStrictValidator(Spec.Version.v1dot6).validate(text);
if (schemaErrors !== null) {
  problems.push(`not valid CycloneDX 1.6: ${JSON.stringify(schemaErrors).slice(0, 600)}`);
}

const bom = JSON.parse(text);
const listed = new Set();
(function collect(components = []) {
  for (const component of components) {
    const name = component.group ? `${component.group}/${component.name}` : component.name;
    listed.add(`${component.purl?.split(':')[1]?.split('/')[0]}:${name}@${component.version}`);
    collect(component.components);
  }
})([...(bom.components ?? []), ...(bom.metadata?.component?.components ?? [])]);

const lines = (file) => readFileSync(file, 'utf8').split('\n').filter(Boolean);
const missing = [];
const npmPackages = args['node-modules'] ? lines(args['node-modules']) : [];
for (const line of npmPackages) {
  if (!listed.has(`npm:${line}`)) missing.push(`npm ${line}`);
}
const debianPackages = args.dpkg ? lines(args.dpkg) : [];
for (const line of debianPackages) {
  const [name, version] = line.split(' ');
  if (!listed.has(`deb:${name}@${version}`)) missing.push(`deb ${name}@${version}`);
}
if (missing.length) {
  problems.push(
    `${missing.length} packages in the image are not in it: ${missing.slice(0, 20).join(', ')}`,
  );
}

const name = bom.metadata?.component?.name ?? bomFile;
if (problems.length) {
  console.error(`SBOM of ${name} (${bomFile}):\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(
  `SBOM of ${name}: valid CycloneDX ${bom.specVersion}, ${listed.size} components; lists all ${npmPackages.length} npm packages and ${debianPackages.length} Debian packages the image carries`,
);
